import type { JSONSchemaType } from 'ajv'

/**
 * The query of the brand systems' feeds (suppressions, issue 17; tasks, issue 25): `after` a `next` cursor or
 * the id of the last item one has, `limit` at most 1000.
 */
export interface FeedQuery {
  after?: string
  limit?: string
}

export const feedQuerySchema: JSONSchemaType<FeedQuery> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // A `next` cursor, or the id of the last suppression one has.
    after: {
      type: 'string',
      pattern: '^(?:\\d{1,15}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$',
      nullable: true,
    },
    limit: { type: 'string', pattern: '^(?:[1-9]\\d{0,2}|1000)$', nullable: true },
  },
}
