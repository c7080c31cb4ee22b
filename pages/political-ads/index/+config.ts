import type { Config } from 'vike/types'

export default {
  title: 'political_ads.list.title',
  description: 'political_ads.list.description',
  phrases: [
    'political_ads.menu',
    'political_ads.list',
    'political_ads.status',
    'political_ads.channels',
    'political_ads.periods',
  ],
  hydrate: true,
} satisfies Config
