import { formatAddress } from '../address'
import { readPhoneNumber } from '../phone-number'
import type { Country } from '../site'
import type { CommunicationType, FlowType, SuppressionChannel, UserInfo } from './request'

/**
 * What an objection will stop, channel by channel, as it will be handed to the brands (issue 27): the phone
 * number as read (`+32 470 12 34 56`), the e-mail address, and the name with the postal address. The
 * verification page and mail show it, so the requester sees what will be suppressed before confirming.
 * Server only (the numbering plans are large): pages get the text through +data.ts.
 */
export function channelData(request: {
  flowType: FlowType
  country: Country
  communicationTypes: readonly CommunicationType[]
  email: string | null
  phoneNumber: string | null
  userInfo: UserInfo | null
}): [SuppressionChannel, string][] {
  if (request.flowType !== 'OBJECTION') return []
  const info = request.userInfo
  const values: Record<SuppressionChannel, string | null> = {
    PHONE:
      request.phoneNumber &&
      (readPhoneNumber(request.phoneNumber, request.country)?.international ?? request.phoneNumber),
    EMAIL: request.email,
    POSTAL:
      [[info?.firstName, info?.lastName].filter(Boolean).join(' '), formatAddress(info?.address)]
        .filter(Boolean)
        .join(', ') || null,
  }
  return request.communicationTypes.flatMap((channel) => {
    const value = channel === 'NOTIFICATIONS' ? null : values[channel]
    return value ? [[channel as SuppressionChannel, value] as [SuppressionChannel, string]] : []
  })
}
