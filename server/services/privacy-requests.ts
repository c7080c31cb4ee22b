import type { PrivacyRequestBody } from '#shared/privacy-rights/request.ts'
import type { Site } from '#shared/site.ts'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import { confirmRequest, previewToken } from './request-confirmation'
import type { PrivacyRequestDeps, VerificationState } from './request-deps'
import { submitRequest } from './request-submission'

export type { PrivacyRequestSettings, VerificationState } from './request-deps'

/**
 * Spec §7: the public request flow, as the routers use it. Each use case is a plain function taking its
 * dependencies: request-submission (the form), request-confirmation (the link in the verification mail).
 */
export interface PrivacyRequestService {
  /** Spec §7: stores a request (and its verification mail) or refuses it (ValidationFailed, UndeliverableEmail). */
  submit(
    body: PrivacyRequestBody,
    site: Site,
    /** Issue 30: the same key again answers the first submission's answer and stores nothing. */
    idempotencyKey?: string,
  ): Promise<{ id: string; reference: string; status: PrivacyRequest['status'] }>
  /** What the verification page shows for a token, without consuming it (mail scanners open links). */
  preview(token: string): Promise<VerificationState>
  /** The confirm button: consumes the token and executes the request. Confirming twice succeeds twice. */
  confirm(token: string, site: Site): Promise<'verified' | 'expired' | 'failed'>
}

export function createPrivacyRequestService(
  options: Omit<PrivacyRequestDeps, 'clock'> & { clock?: () => Date },
): PrivacyRequestService {
  const deps: PrivacyRequestDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  return {
    submit: (body, site, idempotencyKey) => submitRequest(deps, body, site, idempotencyKey),
    preview: (token) => previewToken(deps, token),
    confirm: (token, site) => confirmRequest(deps, token, site),
  }
}
