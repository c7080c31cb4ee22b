import { contactSchema } from '#shared/contact.ts'
import { localeQuerySchema } from '#shared/locale.ts'
import { privacyRequestSchema } from '#shared/privacy-rights/schema.ts'
import { searchQuerySchema } from '#shared/search.ts'
import { addressQuerySchema } from '../../api/address'
import {
  component,
  errors,
  idempotencyKey,
  ok,
  open,
  type PathItems,
  param,
  publicPost,
  queryParameters,
} from '../build'

/** The public site's API: documents, search, addresses, privacy requests, the figures, contact. */
export const publicPaths: PathItems = {
  '/api/documents': {
    get: {
      operationId: 'listDocuments',
      ...open,
      summary: 'The legal documents',
      tags: ['Public'],
      parameters: queryParameters(localeQuerySchema),
      responses: { '200': ok('Documents'), ...errors(404) },
    },
  },
  '/api/plainhtml/{documentKey}': {
    get: {
      operationId: 'getDocumentHtml',
      ...open,
      summary: 'A document as HTML',
      tags: ['Public'],
      parameters: [
        param('documentKey', { type: 'string' }, true, 'path'),
        ...queryParameters(localeQuerySchema),
      ],
      responses: { '200': { description: 'The document', content: { 'text/html': {} } }, ...errors(404) },
    },
  },
  '/api/search': {
    get: {
      operationId: 'search',
      ...open,
      summary: 'Search documents, brands and pages',
      tags: ['Public'],
      parameters: queryParameters(searchQuerySchema),
      responses: {
        '200': ok(
          "Results with snippets, each with its language (lang): the locale's own first, then fallbacks",
        ),
        // Issue 30: a search not asked for yet counts against the client's PAGE_RENDERS_PER_MINUTE.
        ...errors(400, 429),
      },
    },
  },
  '/api/address': {
    get: {
      operationId: 'lookUpAddress',
      ...open,
      summary: "Address lookup for the host's country",
      tags: ['Public'],
      parameters: queryParameters(addressQuerySchema),
      responses: { '200': ok('The address'), ...errors(400, 404, 503) },
    },
  },
  '/api/privacy-rights/request': publicPost(
    'submitPrivacyRequest',
    'Submit a privacy request',
    privacyRequestSchema,
    {
      flowType: 'RIGHT_OF_ACCESS',
      country: 'NL',
      language: 'nl',
      email: 'lezer@example.nl',
    },
  ),
  '/api/privacy-rights/figures.json': {
    get: {
      operationId: 'getPublicFigures',
      ...open,
      summary: "How the privacy rights are answered: the host's country per quarter",
      description:
        'Per quarter (newest first) and right: received, confirmed, completed, refused (per ground), extended, answered, the whole percentage answered by the deadline, the median calendar days from confirmation to answer, objections executed. Each event counts in the quarter it happened in (Europe/Amsterdam time). A count of 1 to 4 is the text `"< 5"` (0 stays 0); with fewer than 5 answered, the percentage and the median are `null`. Computed at most once an hour from the desk\'s records.',
      tags: ['Public'],
      responses: { '200': ok('The figures', component('PublicFigures')) },
    },
  },
  '/api/privacy-rights/figures.csv': {
    get: {
      operationId: 'getPublicFiguresCsv',
      ...open,
      summary: 'The same figures as CSV (semicolons, UTF-8 with BOM), a row per quarter and right',
      tags: ['Public'],
      parameters: [
        param('lang', {
          type: 'string',
          enum: ['nl', 'fr'],
          description:
            "The language of the headers and labels: one of the host's country (NL: `nl`; BE: `nl`, `fr`), by default its first; another answers 400",
        }),
      ],
      responses: {
        '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...errors(400),
      },
    },
  },
  '/api/contact': {
    post: {
      ...publicPost('sendContactMessage', 'Send a contact message', contactSchema, {
        name: 'Lezer',
        email: 'lezer@example.nl',
        question: 'Mijn krant komt te laat.',
      }).post,
      parameters: [...queryParameters(localeQuerySchema), idempotencyKey],
    },
  },
}
