import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { FaultyProxy } from '../support/tcp-proxy'
import { eventually, freePort } from '../support/waiting'

/**
 * What the load test runs: one PostgreSQL database of its own and Redis, each behind a proxy the test can cut
 * (a database restart without restarting the server other people use), two instances of the production
 * build, and nginx in front of them as deploy/nginx.conf.template has it (one proxy hop, the client address
 * from nginx, the next instance tried when one cannot be reached).
 */
export interface Cluster {
  /** nginx's port: every request of the load goes there. */
  port: number
  /** A direct connection to the database (not through the proxy), for the reconciliation. */
  databaseUrl: string
  postgres: FaultyProxy
  redis: FaultyProxy
  instances: Instance[]
  /** The environment the instances run with (an operator command uses it too). */
  env: Record<string, string>
  stop(): Promise<void>
}

export interface Instance {
  port: number
  child: ChildProcess
  /** Kills it with SIGKILL (no drain, no goodbye). */
  kill(): Promise<void>
  /** Starts it again on the same port; resolves when it answers /readyz. */
  start(): Promise<void>
}

export interface ClusterInput {
  root: string
  dir: string
  smtpUrl: string
  /** The webhook receiver's certificate, trusted by the instances (NODE_EXTRA_CA_CERTS). */
  certificate: string
}

export async function startCluster(input: ClusterInput): Promise<Cluster> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  const name = `loadtest_${randomBytes(4).toString('hex')}`
  await adminQuery(base, `create database ${name}`)
  const postgres = new FaultyProxy(base.hostname, Number(base.port || 5432))
  await postgres.start()
  const redisUrl = new URL(process.env.REDIS_URL_FOR_LOADTEST ?? 'redis://127.0.0.1:6379')
  const redis = new FaultyProxy(redisUrl.hostname, Number(redisUrl.port || 6379))
  await redis.start()
  const direct = new URL(base)
  direct.pathname = `/${name}`
  const viaProxy = new URL(direct)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(postgres.port)

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8',
    SITE_HOSTS_FILE: 'test/fixtures/hosts.json',
    DATABASE_URL: viaProxy.href,
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    SMTP_URL: input.smtpUrl,
    TRUST_PROXY: '1',
    EMAIL_DOMAIN_CHECK: 'off',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex'),
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STAFF_SESSION_SECRET: randomBytes(32).toString('hex'),
    STAFF_DEVELOPMENT_SIGN_IN: 'on',
    STAFF_ALLOWED_EMAIL_DOMAINS: 'dpgmedia.nl,dpgmedia.be',
    WEBHOOK_PRIVATE_NETWORKS: '127.0.0.1',
    // A brand system answering 10 tasks a second (the issue's rates) needs more than the default 600 calls a minute.
    API_CLIENT_REQUESTS_PER_MINUTE: '3000',
    NODE_EXTRA_CA_CERTS: input.certificate,
    CUSTOMER_SERVICE_MAILBOX_NL: 'klantenservice@service.test',
    CUSTOMER_SERVICE_MAILBOX_BE: 'klantendienst@service.test',
    PRIVACY_MAILBOX_NL: 'privacy-nl@desk.test',
    PRIVACY_MAILBOX_BE: 'privacy-be@desk.test',
    POLITICAL_ADS_MAILBOX_NL: 'politieke-advertenties@desk.test',
    POLITICAL_ADS_MAILBOX_BE: 'publicites-politiques@desk.test',
  }
  const instances = [await instance(input.root, env), await instance(input.root, env)]
  for (const one of instances) await one.start()
  const nginx = await startNginx(
    input.dir,
    instances.map((one) => one.port),
  )
  return {
    port: nginx.port,
    databaseUrl: direct.href,
    postgres,
    redis,
    instances,
    env,
    async stop() {
      nginx.stop()
      await Promise.all(instances.map((one) => one.kill()))
      await postgres.stop()
      await redis.stop()
      await adminQuery(base, `drop database if exists ${name} with (force)`)
    },
  }
}

async function adminQuery(base: URL, sql: string): Promise<void> {
  const admin = new URL(base)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.href })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function instance(root: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const self: Instance = {
    port,
    child: null as unknown as ChildProcess,
    async kill() {
      const child = self.child
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
    async start() {
      let output = ''
      const child = spawn(process.execPath, ['dist/node/index.mjs'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      // Kept short: the last lines say why an instance would not start.
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000)
      }
      child.stdout?.on('data', keep)
      child.stderr?.on('data', keep)
      self.child = child
      await eventually(
        `instance on port ${port} to be ready`,
        async () => {
          if (child.exitCode !== null) throw new Error(`an instance exited while starting:\n${output}`)
          try {
            return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200
          } catch {
            return false
          }
        },
        60_000,
      )
    },
  }
  return self
}

/** How both locations pass a request on, as deploy/nginx.conf.template does (one proxy hop, nginx's id). */
const PROXYING = [
  'proxy_pass http://app;',
  'proxy_http_version 1.1;',
  'proxy_set_header Connection "";',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $remote_addr;',
  'proxy_set_header X-Forwarded-Proto https;',
  'proxy_set_header X-Forwarded-Host "";',
  'proxy_set_header X-Request-Id $request_id;',
  'proxy_connect_timeout 1s;',
].join('\n      ')

/**
 * The locations whose POSTs deploy/nginx.conf.template passes to the next replica (`non_idempotent`), read
 * from the template itself (the public server's forms, the staff server's desk notes): the load test's one
 * server has them all, and cannot drift from what is deployed.
 */
const SAFE_TO_SEND_AGAIN = [
  ...readFileSync(resolve(import.meta.dirname, '../../deploy/nginx.conf.template'), 'utf8').matchAll(
    /location ~ "([^"]+)" \{\s*proxy_next_upstream error timeout non_idempotent;/g,
  ),
].map((match) => match[1] ?? '')
if (SAFE_TO_SEND_AGAIN.length < 2)
  throw new Error('deploy/nginx.conf.template: the locations passed on with non_idempotent were not found')

/** nginx with one worker, as deploy/nginx.conf.template proxies: the load's single entrance. */
async function startNginx(dir: string, ports: number[]): Promise<{ port: number; stop(): void }> {
  const port = await freePort()
  const home = join(dir, 'nginx')
  mkdirSync(join(home, 'temp'), { recursive: true })
  const temp = (kind: string) => `${kind}_temp_path ${join(home, 'temp', kind)};`
  writeFileSync(
    join(home, 'nginx.conf'),
    `worker_processes 1;
pid ${join(home, 'nginx.pid')};
error_log ${join(home, 'error.log')} error;
daemon off;
events { worker_connections 8192; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream app {
    ${ports.map((one) => `server 127.0.0.1:${one} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 64k;
    location / {
      ${PROXYING}
      proxy_next_upstream error timeout;
    }
    # As deploy/nginx.conf.template: POSTs safe to send twice go to the next instance when one dies.
    ${SAFE_TO_SEND_AGAIN.map(
      (pattern) => `location ~ "${pattern}" {
      ${PROXYING}
      proxy_next_upstream error timeout non_idempotent;
    }`,
    ).join('\n    ')}
  }
}
`,
  )
  const nginx = spawn(nginxBinary(), ['-p', home, '-c', join(home, 'nginx.conf')], { stdio: 'ignore' })
  await eventually('nginx to listen', async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/livez`)
      return true
    } catch {
      return false
    }
  })
  return { port, stop: () => nginx.kill('SIGTERM') }
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' })
      return candidate
    } catch {}
  }
  throw new Error('nginx is not installed: apt-get install -y nginx-light')
}
