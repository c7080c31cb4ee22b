import type { Config } from 'vike/types'

export default { title: 'verification.confirm.title', phrases: ['verification.confirm'] } satisfies Config
