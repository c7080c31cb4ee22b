import type { useTranslate } from '#renderer/useTranslate.tsx'
import { DESK_MAIL_LABELS } from '#shared/desk-labels.ts'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { DESK_MAIL_KINDS, type EventKind } from '#shared/privacy-rights/desk.ts'

/** Issue 31 (moved from +Page.tsx): the timeline's mail events, each with the mail's kind. */

/** A mail's course on the timeline, with the mail's kind in the label. */
export const MAIL_EVENT_LABELS = {
  'mail-queued': 'staff.desk.event.mail_queued_kind',
  'mail-delivered': 'staff.desk.event.mail_kind',
  'mail-failed': 'staff.desk.event.mail_failed_kind',
} as const satisfies Partial<Record<EventKind, PhraseKey>>

export function isMailEvent(kind: EventKind): kind is keyof typeof MAIL_EVENT_LABELS {
  return Object.hasOwn(MAIL_EVENT_LABELS, kind)
}

export function mailKind(t: ReturnType<typeof useTranslate>, kind: string | null): string {
  const known = DESK_MAIL_KINDS.find((k) => k === kind)
  return known ? t(DESK_MAIL_LABELS[known]) : (kind ?? '')
}
