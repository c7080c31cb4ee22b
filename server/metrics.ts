import { BlockList, isIP } from 'node:net'
import type { RequestHandler } from 'express'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from './db/database'
import { readOperations } from './db/metrics-repository'
import { metricsRoute } from './middleware/request-log'
import type { StopCounter } from './services/preferences'

export interface Metrics {
  /** Counts and times every response, by route label, method and status. */
  observe: RequestHandler
  /** The same for a response answered before Express (server/middleware/front-door.ts). */
  record(method: string, route: string, status: number, seconds: number): void
  /** The Prometheus text exposition, with the database gauges read now. */
  render(): Promise<{ contentType: string; body: string }>
  /** Issue 28: `n` suppressions a reader made themselves, in the preference centre or by one click. */
  countStops: StopCounter
}

/**
 * Prometheus metrics of one instance, in a registry of its own (never prom-client's global one), so that
 * several apps in one process (the tests) do not share series. Route labels come from a small fixed set
 * (server/middleware/request-log.ts `metricsRoute`), never from raw paths.
 */
export function createMetrics(deps: { db: Db; clock?: () => Date }): Metrics {
  const clock = deps.clock ?? (() => new Date())
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP responses, by method, route pattern (or pages, assets, unmatched) and status',
    labelNames,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the response, by method, route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] })
  const backlog = gauge('privacy_outbox_backlog', 'Mails waiting to be sent (neither sent nor failed)')
  const oldest = gauge(
    'privacy_outbox_oldest_unsent_age_seconds',
    'Age of the oldest mail waiting to be sent; 0 when none waits',
  )
  const failed = gauge(
    'privacy_outbox_failed_mails',
    'Mails given up on after MAIL_FAIL_AFTER_HOURS of failed attempts, still on record',
  )
  const dueSoon = gauge(
    'privacy_requests_due_within_7_days',
    'Verified privacy requests due from now to seven days on',
  )
  const overdue = gauge('privacy_requests_overdue', 'Verified privacy requests past their due date')
  const stops = stopCounters(registry)
  const record = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method, route, status }
    duration.observe(labels, seconds)
    requests.inc(labels)
  }

  return {
    countStops(kind, country, channel, n) {
      if (n > 0) stops[kind].inc({ country, channel }, n)
    },
    observe(req, res, next) {
      const start = performance.now()
      res.on('finish', () => {
        const seconds = (performance.now() - start) / 1000
        record(req.method, metricsRoute(req, res.statusCode), res.statusCode, seconds)
      })
      next()
    },
    record,
    async render() {
      const now = clock()
      const snapshot = await readOperations(deps.db.db, now)
      backlog.set(snapshot.outboxBacklog)
      oldest.set(
        snapshot.oldestUnsentAt
          ? Math.max(0, (now.getTime() - Date.parse(snapshot.oldestUnsentAt)) / 1000)
          : 0,
      )
      failed.set(snapshot.failedMails)
      dueSoon.set(snapshot.requestsDueWithin7Days)
      overdue.set(snapshot.requestsOverdue)
      return { contentType: registry.contentType, body: await registry.metrics() }
    },
  }
}

/** Issue 28: the suppressions readers made themselves, by where they made them. */
function stopCounters(registry: Registry) {
  return {
    preferences: new Counter({
      name: 'privacy_preference_stops_total',
      help: 'Suppressions readers made in the preference centre, by country and channel (one per brand key)',
      labelNames: ['country', 'channel'] as const,
      registers: [registry],
    }),
    'one-click': new Counter({
      name: 'privacy_one_click_unsubscribes_total',
      help: "Suppressions made by one-click unsubscribe links of the brands' mailings, by country and channel",
      labelNames: ['country', 'channel'] as const,
      registers: [registry],
    }),
  }
}

/**
 * `GET /metrics`, for the addresses of METRICS_ALLOWED_IPS only: the TCP peer decides, never
 * X-Forwarded-For (a client chooses that header). Anyone else gets a 404, as if there were nothing here.
 */
export function metricsEndpoint(metrics: Metrics, allowedIps: readonly string[]): RequestHandler {
  const allowed = new BlockList()
  for (const entry of allowedIps) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) allowed.addAddress(address, family)
    else allowed.addSubnet(address, Number(prefix), family)
  }
  return async (req, res) => {
    const peer = req.socket.remoteAddress ?? ''
    res.set('Cache-Control', 'no-store')
    if (!isIP(peer) || !allowed.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4')) {
      res.status(404).type('text').send('Not Found')
      return
    }
    const { contentType, body } = await metrics.render()
    res.type(contentType).send(body)
  }
}
