import { ChoiceList } from '#renderer/forms/ChoiceList.tsx'
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
    <ChoiceList
      type="checkbox"
      name="communicationType"
      legend={legend}
      errorId="channels-error"
      error={error}
      choices={channels.map((channel) => ({ value: channel, label: t(CHANNEL_FIELD_LABELS[channel]) }))}
      checked={(channel) => ticked.has(channel)}
      onChange={onToggle}
    />
  )
}
