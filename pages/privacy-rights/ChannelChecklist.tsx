import { useTranslate } from '#renderer/useTranslate.tsx'
import { CHANNEL_FIELD_LABELS } from '#shared/labels.ts'
import type { CommunicationType } from '#shared/privacy-rights/request.ts'

/** The channels of an objection: the public channels step (spec §4) and the staff form. */
export function ChannelChecklist<C extends CommunicationType>({
  channels,
  ticked,
  onToggle,
  error,
  legend,
}: {
  channels: readonly C[]
  ticked: ReadonlySet<CommunicationType>
  onToggle: (type: C, on: boolean) => void
  error: boolean
  legend: string
}) {
  const t = useTranslate()
  return (
    <fieldset className="fieldset" aria-describedby={error ? 'channels-error' : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p id="channels-error" className="field__error">
          {t('validation.required_option')}
        </p>
      )}
      {channels.map((channel, index) => (
        <label key={channel} className="check">
          <input
            type="checkbox"
            name="communicationType"
            value={channel}
            checked={ticked.has(channel)}
            aria-invalid={(index === 0 && error) || undefined}
            onChange={(event) => onToggle(channel, event.target.checked)}
          />
          <span>{t(CHANNEL_FIELD_LABELS[channel])}</span>
        </label>
      ))}
    </fieldset>
  )
}
