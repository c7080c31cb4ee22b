import { formatAddress } from '#shared/address.ts'
import type { RequestDetail, TimelineEvent } from '#shared/privacy-rights/desk.ts'
import { allowedRequestActions } from '#shared/privacy-rights/request-lifecycle.ts'
import { appliedOf } from '../db/api-client-repository'
import { eventsOf } from '../db/desk-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import { relatedRequests } from '../db/request-queue-repository'
import { taskViews } from './brand-tasks'
import { DAY_MS, type DeskActor, type DeskDeps, daysLeft, requestFor } from './desk-request'
import { brandNames } from './request-mails'

type DetailDeps = Pick<DeskDeps, 'db' | 'brands' | 'clock'>

/** A request's page on the desk, by its typed reference. */
export async function showRequest(
  deps: DetailDeps,
  actor: DeskActor,
  reference: string,
): Promise<RequestDetail> {
  return requestDetail(deps, actor, await requestFor(deps.db, actor, reference))
}

/** Everything the desk shows of a request: its data, timeline, related requests, fulfilment, tasks, actions. */
export async function requestDetail(
  deps: DetailDeps,
  actor: DeskActor,
  request: PrivacyRequest,
): Promise<RequestDetail> {
  const { db, brands } = deps
  const now = deps.clock()
  const info = request.userInfo
  const since = new Date(now.getTime() - 365 * DAY_MS).toISOString()
  return {
    reference: request.reference ?? '',
    flowType: request.flowType,
    country: request.country,
    language: request.language,
    status: request.status,
    receivedAt: request.createdAt,
    dueAt: request.dueAt,
    daysLeft: daysLeft(request.status, request.dueAt, now),
    verifiedAt: request.verifiedAt,
    closedAt: request.closedAt ?? null,
    originalDueAt: request.originalDueAt ?? null,
    email: request.email,
    phoneNumber: request.phoneNumber,
    name: [info?.firstName, info?.lastName].filter(Boolean).join(' ') || null,
    address: formatAddress(info?.address),
    brandName: request.brandName,
    brands: brandNames(brands, request.country, request.brands),
    channels: request.communicationTypes,
    article: request.article,
    publicationLink: request.publicationLink,
    publicationDate: request.publicationDate,
    userMessage: request.userMessage,
    touchpoint: request.touchpoint,
    timeline: (await eventsOf(db.db, request.id)).map(
      (event): TimelineEvent => ({
        id: event.id,
        kind: event.kind,
        at: event.occurredAt,
        by: event.actor ? (event.actor.name ?? event.actor.email) : null,
        detail: event.detail,
        text: event.text,
      }),
    ),
    related: await relatedRequests(db.db, request, since, actor.countries),
    fulfilment: (await appliedOf(db.db, request.id)).map((row) => ({
      brandKey: row.brand_key,
      channel: row.channel,
      appliedAt: row.applied_at ?? null,
      client: row.client ?? null,
    })),
    tasks: await taskViews(db, brands, request, now),
    actions: allowedRequestActions({ status: request.status, originalDueAt: request.originalDueAt, now }),
  }
}
