import { preferenceLinkSchema, preferenceStopSchema } from '#shared/privacy-rights/preferences.ts'
import { errors, json, ok, open, type PathItems, param } from '../build'

/** Issue 28: the reader's preference centre, and the one-click unsubscribe of the brands' mailings. */
export const preferencePaths: PathItems = {
  '/api/privacy-rights/preferences/link': {
    post: {
      operationId: 'requestPreferenceLink',
      ...open,
      summary: "A link to the reader's preference centre, mailed to the address (issue 28)",
      description:
        'The same answer (202) for any well-formed address, known or not; at most RECIPIENT_MAILS_PER_DAY mails a day reach one address. The link works 7 days; only its SHA-256 is kept.',
      tags: ['Public'],
      requestBody: {
        required: true,
        ...json(preferenceLinkSchema, { email: 'lezer@example.be', country: 'BE', language: 'fr' }),
      },
      responses: {
        '202': ok('Asked (whether a mail goes is not told)', {
          type: 'object',
          properties: { sent: { type: 'boolean' } },
        }),
        ...errors(400, 403, 413, 415, 429, 503),
      },
    },
  },
  '/api/privacy-rights/preferences': {
    get: {
      operationId: 'getPreferences',
      ...open,
      summary: "The reader's choices per brand and channel, through the link's token (issue 28)",
      tags: ['Public'],
      parameters: [param('token', { type: 'string', pattern: '^[\\w-]{20,100}$' }, true)],
      responses: {
        '200': ok(
          'Per brand of the country: each channel allowed or stopped, and whether the brand applied it',
        ),
        ...errors(400, 404, 503),
      },
    },
  },
  '/api/privacy-rights/preferences/stop': {
    post: {
      operationId: 'stopPreferences',
      ...open,
      summary: 'Stops channels of brands, or everything for every brand (issue 28)',
      description:
        "One suppression per brand key and channel not stopped yet (a stop of one key stops its brand), under one reference, with one confirmation mail; in the brand systems' feed and webhooks like any objection. Phone needs `phoneNumber`, post `userInfo` (name and address), validated as in the forms. A stop is never undone here.",
      tags: ['Public'],
      requestBody: {
        required: true,
        ...json(preferenceStopSchema, {
          token: 'Q1fN7rWj2x0bY3kS9vHc4LdPz6uTa8Ge5MiRo0XwFqE',
          stops: [{ brandKey: 'HLN', channel: 'EMAIL' }],
        }),
      },
      responses: {
        '200': ok(
          'The reference (null when nothing new was stopped), the number stopped, and the choices now',
        ),
        ...errors(400, 403, 404, 413, 415, 429, 503),
      },
    },
  },
  '/u/{token}': {
    parameters: [
      param('token', { type: 'string', pattern: '^uk_[\\w-]{16}\\.[\\w-]+\\.[\\w-]{43}$' }, true, 'path'),
    ],
    get: {
      operationId: 'showUnsubscribePage',
      ...open,
      summary:
        "A brand mailing's unsubscribe link in a browser: a page with one button; changes nothing (issue 28)",
      tags: ['Brand systems'],
      responses: {
        '200': {
          description: "The page, in the brand's language",
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '404': { description: 'A bad, foreign or lapsed token' },
      },
    },
    post: {
      operationId: 'unsubscribeOneClick',
      ...open,
      summary: "One-click unsubscribe (RFC 8058): the brand's e-mail to the address stops at once",
      description:
        'Put `List-Unsubscribe: <https://{site}/u/{token}>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` on every mailing; the token is made by your system (README: "One-click unsubscribe"). Idempotent; no confirmation, cookie or redirect.',
      tags: ['Brand systems'],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['List-Unsubscribe'],
              properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Unsubscribed (also when it was before)' },
        '400': { description: 'The body is not `List-Unsubscribe=One-Click`' },
        '404': { description: 'A bad, foreign or lapsed token: nothing changed' },
      },
    },
  },
}
