import type { Config } from 'vike/types'

export default {
  // Every staff page shows the staff header (renderer/components/StaffHeader.tsx).
  phrases: ['staff.header'],
} satisfies Config
