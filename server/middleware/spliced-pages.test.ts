import type { Request } from 'express'
import { describe, expect, it } from 'vitest'
import type { Site } from '#shared/site.ts'
import { createLogger } from '../logger'
import type { RenderedPage } from './page-delivery'
import { type StandIn, splicedPages } from './spliced-pages'

/**
 * Issue 30: the template behind the not-found page and the pages of words that find nothing. A render stands
 * in for Vike: a page that writes its words in the title, the field and the URL of its data.
 */

const site = { host: 'privacy.dpgmedia.nl' } as Site
const req = { site, headers: { 'accept-encoding': 'identity' } } as unknown as Request
const standIns: [StandIn, StandIn] = [
  { url: '/nl/search?q=stand+one', forms: ['stand one', 'stand+one'] },
  { url: '/nl/search?q=stand+two', forms: ['stand two', 'stand+two'] },
]
const words = (url: string) => {
  const raw = url.split('=')[1] ?? ''
  return { text: raw.replaceAll('+', ' '), raw }
}

function pageFor(url: string, edition: number, extra = ''): RenderedPage {
  const { text, raw } = words(url)
  return {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: `<title>${text}</title><input value="${text}">${extra}<script>{"search":"?q=${raw}","edition":${edition}}</script>`,
    pageCache: { perQuery: true, maxAgeSeconds: 5 },
  }
}

function setUp(render: (url: string) => RenderedPage | null) {
  let now = 0
  const renders: string[] = []
  const spliced = splicedPages(
    async (url) => {
      renders.push(url)
      return render(url)
    },
    createLogger('silent'),
    () => now,
  )
  const ask = async (text: string) => {
    const answer = await spliced(req, 'key', standIns, [text, text.replaceAll(' ', '+')], async () => true)
    return answer && { body: answer.kept.body.variants.identity.toString(), maxAgeMs: answer.maxAgeMs }
  }
  return { ask, renders, later: (ms: number) => (now += ms) }
}

describe('pages written from one render (issue 30)', () => {
  it('writes the words in each of their forms, as a render of them would, and renders again once a copy expires', async () => {
    let edition = 1
    const { ask, renders, later } = setUp((url) => pageFor(url, edition))
    expect(await ask('made up')).toEqual({ body: pageFor('/nl/search?q=made+up', 1).body, maxAgeMs: 5_000 })
    expect((await ask('other words'))?.body).toBe(pageFor('/nl/search?q=other+words', 1).body)
    expect(renders).toHaveLength(2)
    edition = 2
    later(4_999)
    expect((await ask('made up'))?.body).toContain('"edition":1')
    later(1)
    expect((await ask('made up'))?.body).toBe(pageFor('/nl/search?q=made+up', 2).body)
    expect(renders).toHaveLength(4)
  })

  it('takes no template when the second stand-in does not come out as rendered, or a render fails', async () => {
    // The page writes the words once more in a form the stand-ins do not name (escaped): not a template.
    const escaped = setUp((url) => pageFor(url, 1, `<a href="${encodeURIComponent(words(url).text)}">`))
    expect(await escaped.ask('made up')).toBeNull()
    const failing = setUp(() => null)
    expect(await failing.ask('made up')).toBeNull()
    expect(await failing.ask('made up')).toBeNull()
    // Each ask tried again: a failed render is not kept.
    expect(failing.renders).toHaveLength(4)
    const notKept = setUp((url) => ({ ...pageFor(url, 1), pageCache: false }))
    expect(await notKept.ask('made up')).toBeNull()
  })
})
