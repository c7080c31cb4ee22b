import type { PhraseKey } from '#shared/i18n/translate.ts'

/** The objection form's steps, in order: what its progress image draws and says (issue 32). */
export const DIRECT_MARKETING_STEPS: readonly PhraseKey[] = [
  'privacy_rights.progress.step_1',
  'privacy_rights.progress.step_2',
]
