import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IN_FLIGHT_LIMIT_SECONDS } from '#server/shutdown.ts'
import { ROOT } from './support/app'

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
