import { TextField } from '#renderer/forms/Field.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import {
  checkDate,
  checkRequired,
  dateForApi,
  formatDateInput,
  type Rule,
} from '#shared/privacy-rights/validation.ts'
import type { Errors } from './ContactFields'
import type { ClientRequest } from './request-store'

/** Issue 31 (moved from FlowForm.tsx): the fields of the request itself, beside the contact details. */

interface FieldsProps {
  request: ClientRequest
  update: (change: Partial<ClientRequest>) => void
  errors: Errors
  setError: (field: string, rule: Rule | null | undefined) => void
}

/** Stores a required field's input; once the field shows an error, the error follows what is typed. */
const requiredInput =
  ({ update, errors, setError }: FieldsProps) =>
  (field: keyof ClientRequest, value: string) => {
    update({ [field]: value })
    if (errors[field]) setError(field, checkRequired(value))
  }

/** The visitor's message, required or optional per flow. */
export function MessageField({ required, ...props }: FieldsProps & { required: boolean }) {
  const t = useTranslate()
  return (
    <TextField
      name="userMessage"
      multiline
      label={t(required ? 'privacy_rights.form.message' : 'privacy_rights.form.message_optional')}
      error={props.errors.userMessage}
      required={required}
      maxLength={MAX_LENGTH.userMessage}
      value={props.request.userMessage}
      onChange={(e) => requiredInput(props)('userMessage', e.target.value)}
    />
  )
}

/** Removal from publication: the article, its date and (optionally) its link. */
export function PublicationFields(props: FieldsProps) {
  const { request, update, errors, setError } = props
  const t = useTranslate()
  return (
    <>
      <TextField
        name="article"
        label={t('privacy_rights.form.article')}
        error={errors.article}
        required
        maxLength={MAX_LENGTH.article}
        value={request.article}
        onChange={(e) => requiredInput(props)('article', e.target.value)}
      />
      <TextField
        name="publicationDate"
        label={t('privacy_rights.form.publication_date')}
        hint={t('privacy_rights.form.publication_date_hint')}
        error={errors.publicationDate}
        required
        inputMode="numeric"
        maxLength={14}
        value={request.publicationDate}
        onChange={(e) => {
          const formatted = formatDateInput(e.target.value)
          update({ publicationDate: formatted })
          if (errors.publicationDate) setError('publicationDate', checkRequired(formatted))
        }}
        // What cannot be a date says so when the field is left (issue 27), not only at the send.
        onBlur={(e) => {
          if (e.target.value.trim())
            setError('publicationDate', checkDate(dateForApi(e.target.value)) ?? undefined)
        }}
      />
      <TextField
        name="publicationLink"
        type="url"
        label={t('privacy_rights.form.publication_link')}
        error={errors.publicationLink}
        maxLength={MAX_LENGTH.publicationLink}
        value={request.publicationLink}
        onChange={(e) => update({ publicationLink: e.target.value })}
      />
    </>
  )
}
