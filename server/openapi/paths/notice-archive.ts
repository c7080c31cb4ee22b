import { errors, ok, open, type PathItems, param, type Schema } from '../build'

/** Issue 29: the archive's manifest. */
const hex64 = { type: 'string', pattern: '^[0-9a-f]{64}$' }
const archiveManifestSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'file', 'sha256', 'previous'],
        properties: {
          date: { type: 'string', format: 'date' },
          file: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}\\.jsonl$' },
          sha256: hex64,
          previous: hex64,
        },
      },
    },
  },
}
/** Issue 29: a notice version in the EU repository's metadata shape. */
const repositoryAnswerSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['identifier', 'version', 'entries'],
  properties: {
    identifier: { type: 'string' },
    version: { type: 'integer', minimum: 1 },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['identification', 'url', 'language', 'transparencyNotice'],
        properties: {
          identification: {
            type: 'object',
            additionalProperties: false,
            required: ['identifier', 'version', 'changedAt'],
            properties: {
              identifier: { type: 'string' },
              version: { type: 'integer', minimum: 1 },
              changedAt: { type: 'string', format: 'date-time' },
              withdrawnAt: { type: 'string', format: 'date-time' },
              withdrawalReason: { type: 'string' },
            },
          },
          url: { type: 'string', format: 'uri' },
          language: { enum: ['nl', 'fr'] },
          transparencyNotice: {
            type: 'object',
            description:
              "The notice's fields as in `Notice`, with `campaignContextNote` in this language instead of the two notes",
          },
        },
      },
    },
  },
}

/** Issue 29: the political-ads archive and the EU repository's shape of a notice. */
export const noticeArchivePaths: PathItems = {
  '/api/campaign-items/archive': {
    get: {
      operationId: 'openArchive',
      ...open,
      summary: 'The political-ads archive: leads to its manifest',
      tags: ['Transparency'],
      responses: {
        '302': { description: 'To `/api/campaign-items/archive/manifest.json`' },
        ...errors(404),
      },
    },
  },
  '/api/campaign-items/archive/manifest.json': {
    get: {
      operationId: 'getArchiveManifest',
      ...open,
      summary: "The political-ads archive of the host's country: every day's file, chained",
      description:
        'Every day after 02:00 UTC (`POLITICAL_AD_ARCHIVE_HOUR`) the site writes, once, a file of every notice version published or changed the day before (UTC), a JSON line per version in the rows of `/api/campaign-items.json` (without e-mail and postal addresses unless `POLITICAL_AD_ARCHIVE_CONTACTS=keep`); a day without change has an empty file. The database refuses to change or delete a written day. Each entry names the file, its SHA-256 (hex) and `previous`: the SHA-256 (hex) of the previous entry written as JSON with exactly the keys `date`, `file`, `sha256`, `previous` in this order and no spaces (64 zeros for the first), so a reader can recompute the chain from the files alone.',
      tags: ['Transparency'],
      responses: { '200': ok('The manifest, oldest day first', archiveManifestSchema), ...errors(404) },
    },
  },
  '/api/campaign-items/archive/{file}': {
    get: {
      operationId: 'getArchiveFile',
      ...open,
      summary: "A day's archive file, exactly as written (JSON Lines)",
      tags: ['Transparency'],
      parameters: [
        param('file', { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}\\.jsonl$' }, true, 'path'),
      ],
      responses: {
        '200': {
          description: 'A JSON line per notice version (`Notice` with `url` and `urls`); never changes',
          content: { 'application/jsonl': { schema: { type: 'string' } } },
        },
        ...errors(404),
      },
    },
  },
  '/api/campaign-items/{id}/repository.json': {
    get: {
      operationId: 'getNoticeRepositoryEntries',
      // Anyone may read it; the uploader's secret marks the version exported.
      security: [{}, { clientSecret: [] }],
      summary: "The notice's current version in the EU repository's metadata shape, per language",
      description:
        "Implementing Regulation (EU) 2026/818's groups: identification (the identifier, stable across corrections, and the version, raised by each), the permanent URL, the language of the metadata, and the notice's elements (the context note in that language only); one entry per language of the country (NL: `nl`; BE: `nl`, `fr`). Anyone may read it; when the system that uploads to the repository calls with its client secret (`Authorization: Bearer`, an API client), the version counts as exported. A version not exported 60 hours after its publication start (or correction) is named in the daily digest to the country's political-ads mailbox.",
      tags: ['Transparency'],
      parameters: [param('id', { type: 'string' }, true, 'path')],
      responses: { '200': ok('The entries', repositoryAnswerSchema), ...errors(401, 404, 410) },
    },
  },
}
