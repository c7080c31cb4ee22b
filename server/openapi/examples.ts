import { Webhook } from 'standardwebhooks'
import { tooManyForClient, unauthenticated } from '../api/fulfilment'
import { noticeGone } from '../api/political-ads'
import type { HttpError } from '../http-error'
import { errorBody, serviceUnavailable, toHttpError } from '../middleware/errors'
import { crossSiteRefused, notJson } from '../middleware/post-guards'
import { feedEntry, lookupAnswer } from '../services/api-clients'
import { InvalidTransition, NotFound, ValidationFailed } from '../services/errors'
import type { AppliedAnswer, FeedPage, WebhookPayload } from '../services/fulfilment-shapes'
import { requestVerified, suppressionCreated, webhookHeaders } from '../services/webhooks'

/**
 * Issue 17: the OpenAPI document's examples, made by the code that makes the real answers (the feed's and
 * the webhooks' builders, the error handler's body) from one sample objection, so they cannot drift from it.
 */

const request = {
  id: '3f0c8f52-5d7e-4f43-9a8e-0d7b2c61a1e4',
  reference: 'BE-261102-K7Q2M',
  flowType: 'OBJECTION' as const,
}
const at = '2026-11-02T09:14:03.000Z'
const address = {
  street: 'Veldstraat',
  houseNumber: '12',
  postalCode: '9000',
  city: 'Gent',
  country: 'BE' as const,
}
/** The sample objection's suppressions, as stored: one per channel, for HLN. */
const stored = [
  { channel: 'EMAIL' as const, email: 'lezer@example.be', phoneNumber: null, postalAddress: null },
  { channel: 'PHONE' as const, email: null, phoneNumber: '+32470123456', postalAddress: null },
  {
    channel: 'POSTAL' as const,
    email: null,
    phoneNumber: null,
    postalAddress: address,
    // The name the postal channel requires: which resident objected (issue 27).
    postalName: { firstName: 'An', lastName: 'Peeters' },
  },
].map((contact, index) => ({
  id: `8d7e41c0-2b7a-4c1e-9f3a-5e6d7c8b9a0${index + 1}`,
  country: 'BE' as const,
  brandKey: 'HLN',
  createdAt: at,
  ...contact,
}))

const full: { brands: null; contactData: boolean } = { brands: null, contactData: true }
const idsOnly = { ...full, contactData: false }
const page = (contactData: boolean): FeedPage => ({
  items: stored.map((row) => feedEntry({ ...row, reference: request.reference }, contactData)),
  next: '1042',
})

export const feedExamples = {
  full: { summary: 'A page of `limit=3`; continue with `after=1042`', value: page(true) },
  idsOnly: { summary: 'The same page for a client registered with `--ids-only`', value: page(false) },
  end: {
    summary: 'Nothing new yet: ask again later with the same `after`',
    value: { items: [], next: null },
  },
}

export const lookupExample = lookupAnswer([
  { channel: 'PHONE', brandKey: 'HLN' },
  { channel: 'PHONE', brandKey: 'HUMO' },
])

export const appliedExample: AppliedAnswer = {
  id: stored[1]?.id ?? '',
  appliedAt: '2026-11-03T07:30:00.000Z',
}

const created = (client: typeof full): WebhookPayload<'suppression.created'> => {
  const data = suppressionCreated(request, stored, client)
  if (!data) throw new Error('The sample client sees the sample suppressions')
  return { type: 'suppression.created', timestamp: at, data }
}
const verified: WebhookPayload<'request.verified'> = {
  type: 'request.verified',
  timestamp: at,
  data: requestVerified(request, at),
}

/** A sample endpoint secret: the header examples are signed as the worker signs a delivery. */
const SAMPLE_SECRET = `whsec_${Buffer.from('sample endpoint secret, not real!').toString('base64')}`

/** Each event's Standard Webhooks headers, for the body of its first example. */
export const webhookHeaderExamples = (event: keyof typeof webhookExamples) => {
  const [example] = Object.values(webhookExamples[event])
  return webhookHeaders(
    new Webhook(SAMPLE_SECRET),
    'msg_2x9Qv7Lk3Nw8Rb5Tc1Hd0A',
    new Date(at),
    JSON.stringify(example?.value),
  )
}

export const webhookExamples = {
  'suppression.created': {
    full: { summary: 'To a client allowed contact data', value: created(full) },
    idsOnly: { summary: 'To a client registered with `--ids-only`', value: created(idsOnly) },
  },
  'request.verified': {
    verified: { summary: 'The requester confirmed the e-mail address', value: verified },
  },
}

const body = (error: HttpError | null) => {
  if (!error) throw new Error('Not an error the API answers')
  return errorBody(error)
}

/** One example per shared error response, from the errors the code throws. */
export const errorExamples = {
  E400: body(toHttpError(new ValidationFailed([{ field: 'limit', rule: 'pattern' }]))),
  E401: body(unauthenticated()),
  E403: body(crossSiteRefused()),
  E404: body(toHttpError(new NotFound('Suppression'))),
  E409: body(toHttpError(new InvalidTransition('A completed request cannot be extended'))),
  E410: body(noticeGone()),
  E413: body(toHttpError({ status: 413, type: 'entity.too.large' })),
  E415: body(notJson()),
  E429: body(tooManyForClient()),
  E503: body(serviceUnavailable()),
}
