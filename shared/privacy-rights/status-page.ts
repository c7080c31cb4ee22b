/**
 * Issue 25 item 4: why the requester's status page is shown again after one of its forms: a code was sent, or
 * a refusal (a wrong, expired or used-up code; too many codes today; the package locked, gone or absent).
 */
export const STATUS_NOTICES = [
  'sent',
  'wrong',
  'expired',
  'locked',
  'unknown',
  'limited',
  'locked_package',
  'gone',
  'none',
] as const
export type StatusNotice = (typeof STATUS_NOTICES)[number]
