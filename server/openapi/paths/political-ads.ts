import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { CHANNEL_FILTERS, PERIOD_FILTERS } from '#shared/political-ads.ts'
import { COUNTRIES } from '#shared/site.ts'
import { complaintSchema, EXPORT_COLUMNS, SINCE_PATTERN } from '../../api/political-ads'
import { component, errors, json, ok, open, type PathItems, param, publicPost } from '../build'

const sinceParam = param('since', {
  type: 'string',
  pattern: SINCE_PATTERN,
  description: 'A date or a UTC time (`2026-11-01`, `2026-11-01T08:30:00Z`)',
})

/** The complaint's 400 is the error envelope with spec §7's `validationError` beside it. */
const complaintPost = (operation: ReturnType<typeof publicPost>) => ({
  post: {
    ...operation.post,
    responses: {
      ...operation.post.responses,
      '400': {
        description:
          'Refused input: `validationError` (spec §7) beside the usual error, with the failing fields',
        ...json({ $ref: '#/components/schemas/ComplaintError' }),
      },
    },
  },
})

/** Issues 18, 20, 27: the political ads' notices, their exports and QR codes, and complaints about an ad. */
export const politicalAdPaths: PathItems = {
  '/api/political-ad-complaint': complaintPost(
    publicPost('submitPoliticalAdComplaint', 'Complain about a political ad', complaintSchema, {
      name: 'Lezer',
      email: 'lezer@example.be',
      explanation: 'De sponsor ontbreekt.',
      reason: 'MISLEADING',
      campaignId: 'be-2026-001',
      locale: 'nl_be',
    }),
  ),
  '/api/campaign-items': {
    get: {
      operationId: 'listNotices',
      ...open,
      summary: 'Political ad notices, filtered, newest first',
      tags: ['Transparency'],
      parameters: [
        param('countryCode', { type: 'string', enum: [...COUNTRIES] }, true),
        param('period', { type: 'string', enum: [...PERIOD_FILTERS] }),
        param('channel', { type: 'string', enum: [...CHANNEL_FILTERS] }),
        param('text', { type: 'string', maxLength: 100 }),
        param('limit', { type: 'integer', minimum: 1, maximum: 500 }),
        param('offset', { type: 'integer', minimum: 0 }),
        param('withdrawn', { type: 'string', enum: ['true', 'false'] }),
      ],
      responses: { '200': ok('A page of notices', component('NoticePage')), ...errors(400, 404) },
    },
  },
  '/api/campaign-items.json': {
    get: {
      operationId: 'exportNotices',
      ...open,
      summary: "The country's notices, live and withdrawn, for mirrors and research",
      description:
        "Every notice of the host's country with every field, its state and its permanent addresses; `removed` lists the notices the retention job removed. With `since`, only what changed, was withdrawn or was removed since then.",
      tags: ['Transparency'],
      parameters: [sinceParam],
      responses: { '200': ok('The notices', component('NoticeExport')), ...errors(400, 404) },
    },
  },
  '/api/campaign-items.csv': {
    get: {
      operationId: 'exportNoticesCsv',
      ...open,
      summary: "The country's notices as CSV (RFC 4180 with `;`, UTF-8 with a byte-order mark, a header row)",
      description: `The columns, in this order, each with its header in Dutch and French (\`lang\`): ${EXPORT_COLUMNS.map((column) => `\`${column}\` (${(['nl_nl', 'fr_be'] as const).map((locale) => `"${serverTranslate(locale)(EXPORT_COLUMN_LABELS[column])}"`).join(' / ')})`).join(', ')}. An empty cell is an absent field; booleans are \`true\`/\`false\`; \`suspensions\`, \`versions\` and \`withdrawals\` are JSON lists (as in the JSON export). A cell a spreadsheet would run as a formula (starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return) starts with \`'\`; the import takes it off. The CSV imports again with \`npm run campaigns:import\` (headers in either language, or the column names; \`country\` gives each row's country; the state and history restore a notice new to the database), as does the JSON (its \`country\` at the top). Removed notices are listed in the JSON export only (\`removed\`).`,
      tags: ['Transparency'],
      parameters: [
        sinceParam,
        {
          ...param('lang', { type: 'string', enum: ['nl', 'fr'] }),
          description:
            "The headers' language: one of the country's (the Netherlands: `nl`); by default its first",
        },
      ],
      responses: {
        '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...errors(400, 404),
      },
    },
  },
  '/api/campaign-items/{id}': {
    get: {
      operationId: 'getNotice',
      ...open,
      summary: 'One notice, with its earlier versions and withdrawals',
      tags: ['Transparency'],
      parameters: [
        param('id', { type: 'string' }, true, 'path'),
        param('countryCode', { type: 'string', enum: [...COUNTRIES] }),
      ],
      responses: {
        '200': ok('The notice', component('NoticeDetail')),
        ...errors(400, 404, 410),
      },
    },
  },
  '/api/campaign-items/{id}/qr.svg': {
    get: {
      operationId: 'getNoticeQrCode',
      ...open,
      summary: "A QR code of the notice's permanent address, for print and broadcast",
      tags: ['Transparency'],
      parameters: [
        param('id', { type: 'string' }, true, 'path'),
        param('lang', {
          type: 'string',
          enum: ['nl', 'fr'],
          description:
            "The language of the address the code holds: one of the notice's country (NL: `nl`; BE: `nl`, `fr`), by default its first; another answers 400",
        }),
      ],
      responses: {
        '200': { description: 'SVG', content: { 'image/svg+xml': {} } },
        ...errors(400, 404, 410),
      },
    },
  },
}
