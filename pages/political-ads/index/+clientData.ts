import type { Data } from './+data'

/**
 * What of the list's data the browser gets (renderer/client-context.ts). The cards are server-rendered
 * HTML that the page adopts as it is (issue 19): the notices do not travel a second time as data, and only
 * a changed filter fetches notices.
 */
export function clientData({ items: _cards, ...rest }: Data) {
  return rest
}
