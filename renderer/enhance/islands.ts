import { type IslandMount, readContext } from '../client-context'

/** Each island's script, loaded only when the visitor reaches for the island. */
const ISLANDS: Record<string, () => Promise<{ mount: IslandMount }>> = {
  'contact-form': () => import('../islands/contact-form'),
}

/**
 * Islands of a content page (issue 19): the server-rendered HTML of a React root (renderer/components/
 * Island.tsx) whose script loads at the first focus, pointer press or submit inside it. A submit that comes
 * before React is stopped and made again once the island is live, so nothing typed is lost or sent twice.
 */
export function enhanceIslands(root: ParentNode = document) {
  for (const host of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[host.dataset.island ?? '']
    const islandRoot = host.querySelector<HTMLElement>('[data-island-root]')
    const context = readContext(host.querySelector('script[type="application/json"]'))
    if (!load || !islandRoot || !context) continue
    let pendingSubmit: HTMLFormElement | null = null
    const holdSubmit = (event: Event) => {
      event.preventDefault()
      event.stopImmediatePropagation()
      pendingSubmit = event.target as HTMLFormElement
      start()
    }
    const start = () => {
      for (const type of ['focusin', 'pointerdown'] as const) host.removeEventListener(type, start)
      if (host.dataset.islandState) return
      host.dataset.islandState = 'loading'
      load().then(({ mount }) =>
        mount(islandRoot, context, () => {
          host.removeEventListener('submit', holdSubmit, true)
          host.dataset.islandState = 'live'
          pendingSubmit?.requestSubmit()
          pendingSubmit = null
        }),
      )
    }
    for (const type of ['focusin', 'pointerdown'] as const) host.addEventListener(type, start)
    host.addEventListener('submit', holdSubmit, true)
  }
}
