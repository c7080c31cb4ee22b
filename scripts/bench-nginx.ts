/**
 * Issue 30: the limit each answer is measured against. An nginx on loopback (one worker, its own prefix and
 * config in a temp folder, no root needed) sends the very bytes the app answered for each target: the bench
 * fetches every target once from the app with its own headers and writes the body, with its Content-Type and
 * Content-Encoding, to a file nginx serves for that Host and request URI. For a static file that is the
 * build's file or its precompressed variant (the app serves dist/client from memory), for a page or an API
 * answer the rendered, compressed bytes. nginx has no brotli of its own (nginx-light): it sends the stored
 * bytes with the stored Content-Encoding, as a CDN or a static-file server with precompressed files would.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { send } from './bench-http.ts'
import type { Target } from './bench-load.ts'
import { freePort, type Server, tempFolder, track } from './bench-processes.ts'

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx'

/** One answer nginx sends: for this Host and request URI (path and query), this file with these headers. */
export interface MirroredAnswer {
  host: string
  uri: string
  file: string
  contentType: string
  contentEncoding: string | null
}

/**
 * nginx's string literal: double-quoted, backslash and quote escaped. A `$` would name a variable in a path or
 * a type: the bench's URIs are percent-encoded and its files lie in its temp folders, which have none.
 */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/**
 * The whole nginx.conf: one worker, every path under the prefix (pid, logs, temp folders), access log off,
 * keep-alive without a request limit (the load generator keeps its connections), and a map from
 * `$host$request_uri` to the answer's number; an internal location per answer sends its file with its type
 * and encoding. Anything else is a 404. `user` is set only when nginx starts as root (its workers would
 * otherwise run as nobody, who cannot read the bench's temp folder).
 */
export function nginxConfig(options: {
  prefix: string
  port: number
  answers: readonly MirroredAnswer[]
  runAsRoot: boolean
}): string {
  const { prefix, port, answers } = options
  const keys = answers.map((answer, i) => `    ${quoted(`${answer.host}${answer.uri}`)} ${i};`)
  const locations = answers.map((answer, i) =>
    [
      `    location = /__answer/${i} {`,
      '      internal;',
      `      alias ${quoted(answer.file)};`,
      '      types { }',
      `      default_type ${quoted(answer.contentType)};`,
      ...(answer.contentEncoding
        ? [`      add_header Content-Encoding ${quoted(answer.contentEncoding)};`]
        : []),
      '      add_header Vary Accept-Encoding;',
      '    }',
    ].join('\n'),
  )
  return `${options.runAsRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${quoted(join(prefix, 'nginx.pid'))};
error_log ${quoted(join(prefix, 'error.log'))} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${quoted(join(prefix, 'client_body'))};
  proxy_temp_path ${quoted(join(prefix, 'proxy'))};
  fastcgi_temp_path ${quoted(join(prefix, 'fastcgi'))};
  uwsgi_temp_path ${quoted(join(prefix, 'uwsgi'))};
  scgi_temp_path ${quoted(join(prefix, 'scgi'))};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  open_file_cache max=1000 inactive=60s;
  map_hash_bucket_size 256;
  map_hash_max_size 4096;
  map $host$request_uri $answer {
    default "";
${keys.join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    server_name _;
    location / {
      if ($answer = "") { return 404; }
      rewrite ^ /__answer/$answer last;
    }
${locations.join('\n')}
  }
}
`
}

/** The request URIs a target sends: its fixed path, or each of its variants (search texts in turn). */
export function targetUris(target: Target): string[] {
  return target.variants ?? [target.path]
}

/**
 * Fetches each target's answers once from the app (its headers, GET), writes them to files and starts nginx
 * sending them. Targets that change per request without a fixed set of variants (unique submits) or that are
 * no GET are left out: they have no "same bytes".
 */
export async function startMirror(base: string, targets: readonly Target[]): Promise<Server> {
  const prefix = tempFolder()
  const bodies = join(prefix, 'answers')
  mkdirSync(bodies)
  const answers: MirroredAnswer[] = []
  for (const target of targets.filter(mirrorable)) {
    for (const uri of targetUris(target)) {
      const answer = await send(base, uri, target.headers)
      const file = join(bodies, `${answers.length}.body`)
      writeFileSync(file, answer.body)
      answers.push({
        host: target.headers.host ?? '',
        uri,
        file,
        contentType: String(answer.headers['content-type'] ?? 'application/octet-stream'),
        contentEncoding: answer.headers['content-encoding']
          ? String(answer.headers['content-encoding'])
          : null,
      })
    }
  }
  const port = await freePort()
  const config = join(prefix, 'nginx.conf')
  const runAsRoot = process.getuid?.() === 0
  writeFileSync(config, nginxConfig({ prefix, port, answers, runAsRoot }))
  const child = spawn(NGINX, ['-p', prefix, '-c', config, '-e', join(prefix, 'error.log')], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = track(child)
  const server: Server = {
    base: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      process.kill(-(child.pid ?? 0), 'SIGQUIT')
      await exited
    },
  }
  await waitForNginx(server, () => child.exitCode !== null || child.signalCode !== null)
  return server
}

async function waitForNginx(server: Server, exited: () => boolean) {
  for (let attempt = 0; attempt < 100 && !exited(); attempt++) {
    try {
      await send(server.base, '/', { host: 'nginx.invalid' })
      return
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  throw new Error(`nginx did not answer on ${server.base}`)
}

/** Mirrored by nginx: a GET with the same bytes each time. */
export function mirrorable(target: Target): boolean {
  return (target.method ?? 'GET') === 'GET' && (!target.next || target.variants !== undefined)
}

/** Whether the full bench can measure against nginx here. */
export function nginxInstalled(): boolean {
  return existsSync(NGINX)
}
