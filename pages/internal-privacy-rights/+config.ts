import type { Config } from 'vike/types'

export default {
  // Every staff page shows the staff bar (renderer/components/StaffBar.tsx).
  phrases: ['staff.header'],
} satisfies Config
