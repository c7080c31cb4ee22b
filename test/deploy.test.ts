import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IN_FLIGHT_LIMIT_SECONDS } from '#server/shutdown.ts'
import { ROOT } from './support/app'
import { eventually, freePort } from './support/waiting'

/**
 * The deployment files as an operator runs them (issue 26). No Docker engine runs here: these tests read
 * the files for what the orchestrator and the proxy will do with them.
 */
const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')

/** The block of one service in docker-compose.yml: its lines up to the next service. */
function service(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`)
  expect(start, `service ${name}`).toBeGreaterThan(-1)
  const rest = compose.slice(start + 1)
  const next = rest.slice(1).search(/\n {2}[a-z][\w-]*:\n|\nvolumes:\n/)
  return next === -1 ? rest : rest.slice(0, next + 1)
}

/** Compose's duration (`20s`, `1m30s`) in seconds. */
function seconds(duration: string): number {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration)
  if (!match || duration === '') throw new Error(`not a duration: ${duration}`)
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)
}

describe('docker-compose.yml shuts an instance down in time (issue 26)', () => {
  it('gives the app the drain plus the in-flight time before it kills', () => {
    const app = service('app')
    const grace = /\n {4}stop_grace_period: (\S+)\n/.exec(app)?.[1]
    expect(grace, 'stop_grace_period of app (Docker kills after 10 s without it)').toBeDefined()
    const drain = Number(/\n {6}SHUTDOWN_DRAIN_SECONDS: "?(\d+)"?\n/.exec(app)?.[1] ?? 5)
    expect(seconds(grace ?? '')).toBeGreaterThanOrEqual(drain + IN_FLIGHT_LIMIT_SECONDS)
  })
})

/** nginx on this machine (Debian's nginx-light; `.ci/run` installs it): the proxy's config is tried for real. */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))

/**
 * What the nginx image does at start-up with our files: source deploy/nginx-staff-networks.envsh, then fill
 * every `${NAME}` of the template that the environment defines (20-envsubst-on-templates.sh). Answers the
 * rendered config, or the script's complaint.
 */
function render(env: Record<string, string>): { config?: string; error?: string } {
  const script = `. ${join(ROOT, 'deploy/nginx-staff-networks.envsh')} && printf '%s' "$STAFF_ALLOW_RULES"`
  const sourced = spawnSync('sh', ['-c', script], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  })
  if (sourced.status !== 0) return { error: sourced.stderr.trim() }
  const defined: Record<string, string> = { ...env, STAFF_ALLOW_RULES: sourced.stdout }
  const template = readFileSync(join(ROOT, 'deploy/nginx.conf.template'), 'utf8')
  return { config: template.replace(/\$\{(\w+)\}/g, (whole, name: string) => defined[name] ?? whole) }
}

const PROXY_ENV = {
  PRIVACY_SERVER_NAMES: 'privacy.dpgmedia.nl privacy.dpgmedia.be',
  STAFF_SERVER_NAMES: 'privacy-intern.dpgmedia.nl privacy-intern.dpgmedia.be',
}

describe('deploy/nginx-staff-networks.envsh (issue 26)', () => {
  it.each([
    ['10.0.0.0/8,172.16.0.0/12', 'allow 10.0.0.0/8; allow 172.16.0.0/12; '],
    [' 10.1.2.3 , 2001:db8::/32 ', 'allow 10.1.2.3; allow 2001:db8::/32; '],
    ['', ''],
  ])('writes STAFF_ALLOWED_NETWORKS=%j as %j', (networks, rules) => {
    const rendered = render({ ...PROXY_ENV, STAFF_ALLOWED_NETWORKS: networks })
    expect(rendered.error).toBeUndefined()
    expect(rendered.config).toContain(`  ${rules}\n  deny all;`)
  })

  it.each(['all', '10.0.0.0/8;', 'allow 10.0.0.0/8', '0.0.0.0/0/1', 'intranet'])(
    'refuses %j, naming it: a typo must not open the desk',
    (networks) => {
      const rendered = render({ ...PROXY_ENV, STAFF_ALLOWED_NETWORKS: networks })
      expect(rendered.config).toBeUndefined()
      expect(rendered.error).toMatch(/^STAFF_ALLOWED_NETWORKS: ".+" is no address or subnet/)
    },
  )
})

describe.skipIf(!NGINX)(
  'deploy/nginx.conf.template in a real nginx (skipped without nginx on this machine)',
  () => {
    let folder: string
    let app: Server
    let appPort: number
    const seen: { host?: string; forwardedHost?: string; requestId?: string }[] = []

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'nginx-'))
      // A stand-in for the app replicas: answers 200 and notes what nginx passed on.
      app = createServer((req, res) => {
        seen.push({
          host: req.headers.host,
          forwardedHost: req.headers['x-forwarded-host'] as string | undefined,
          requestId: req.headers['x-request-id'] as string | undefined,
        })
        res.end('app')
      })
      await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
      appPort = (app.address() as AddressInfo).port
    })

    afterAll(async () => {
      await new Promise((resolve) => app?.close(resolve))
      if (folder) rmSync(folder, { recursive: true, force: true })
    })

    /**
     * Runs the rendered config in nginx, as the image's nginx.conf includes it (inside `http {}`), on a free
     * port instead of 80 and with the stand-in's address instead of the replicas' name; answers a function
     * that sends a request with a Host header, and stops nginx afterwards.
     */
    async function proxyWith(
      networks: string,
      work: (get: (host: string, path?: string) => Promise<number>) => Promise<void>,
    ) {
      const rendered = render({ ...PROXY_ENV, STAFF_ALLOWED_NETWORKS: networks })
      if (!rendered.config) throw new Error(rendered.error)
      const port = await freePort()
      const site = rendered.config
        .replaceAll('listen 80', `listen 127.0.0.1:${port}`)
        .replaceAll('http://app:3000', `http://127.0.0.1:${appPort}`)
      const main = join(folder, `nginx-${port}.conf`)
      writeFileSync(join(folder, `site-${port}.conf`), site)
      writeFileSync(
        main,
        `daemon off; master_process off; pid ${folder}/nginx-${port}.pid; error_log stderr error;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${folder}/body; proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi; uwsgi_temp_path ${folder}/uwsgi; scgi_temp_path ${folder}/scgi;
  include ${folder}/site-${port}.conf;
}
`,
      )
      const check = spawnSync(NGINX ?? 'nginx', ['-t', '-p', folder, '-c', main, '-e', 'stderr'], {
        encoding: 'utf8',
      })
      expect(check.status, check.stderr).toBe(0)
      const nginx = spawn(NGINX ?? 'nginx', ['-p', folder, '-c', main, '-e', 'stderr'], { stdio: 'ignore' })
      try {
        const get = (host: string, path = '/nl') =>
          new Promise<number>((resolve, reject) => {
            request(
              {
                host: '127.0.0.1',
                port,
                path,
                headers: {
                  Host: host,
                  'X-Forwarded-Host': 'evil.example',
                  'X-Request-Id': 'chosen-by-client',
                },
              },
              (res) => {
                res.resume()
                res.on('end', () => resolve(res.statusCode ?? 0))
              },
            )
              .on('error', reject)
              .end()
          })
        await eventually(
          'nginx to listen',
          async () => (await get('privacy.dpgmedia.nl').catch(() => 0)) !== 0,
        )
        await work(get)
      } finally {
        nginx.kill('SIGTERM')
        await new Promise((resolve) => nginx.once('exit', resolve))
      }
    }

    it('passes the staff hosts on only to STAFF_ALLOWED_NETWORKS; public hosts to everyone; other hosts 421', async () => {
      // This machine's loopback is outside 10.0.0.0/8: the staff hosts refuse it, the public ones serve it.
      await proxyWith('10.0.0.0/8, 192.168.0.0/16', async (get) => {
        expect(await get('privacy-intern.dpgmedia.nl')).toBe(403)
        expect(await get('privacy-intern.dpgmedia.be', '/fr/internal-privacy-rights/requests')).toBe(403)
        expect(await get('privacy.dpgmedia.nl')).toBe(200)
        expect(await get('privacy.dpgmedia.be')).toBe(200)
        expect(await get('elsewhere.example')).toBe(421)
      })
      // Loopback allowed: the staff hosts reach the app, /metrics never does.
      await proxyWith('127.0.0.0/8', async (get) => {
        seen.length = 0
        expect(await get('privacy-intern.dpgmedia.nl', '/nl/internal-privacy-rights/requests')).toBe(200)
        expect(await get('privacy-intern.dpgmedia.nl', '/metrics')).toBe(404)
        expect(seen).toEqual([
          {
            host: 'privacy-intern.dpgmedia.nl',
            forwardedHost: undefined,
            requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
          },
        ])
      })
      // None set: nobody.
      await proxyWith('', async (get) => {
        expect(await get('privacy-intern.dpgmedia.nl')).toBe(403)
        expect(await get('privacy.dpgmedia.nl')).toBe(200)
      })
    }, 30_000)
  },
)
