import type { Request } from 'express'
import { isLanguage, type Language, toLocale } from '#shared/locale.ts'
import type { PageContextServices } from '#shared/page-services.ts'
import type { Site } from '#shared/site.ts'
import type { SplicedAnswer, splicedPages } from './spliced-pages'

/**
 * Issue 30 (docs/decisions/011-uncached-renders.md): a search nobody has made yet, or a political-ads text
 * filter, cost a whole render through Vike. Made-up words, the lever one visitor could pull to slow everyone,
 * find nothing, and the page for words that found nothing differs from another such page only where the
 * words are written (the title, the field, the page's data). That page is rendered once per host and
 * language for stand-in words, and each visitor's words are written into it. Words that find something, and
 * any other query string, are rendered by Vike as before.
 */

/** The pages, the one parameter of their URL that holds the words, and whether the words find anything. */
const WORDS_PAGES: Record<
  string,
  {
    param: string
    finds(services: WordsServices, site: Site, lang: Language, words: string): Promise<boolean>
    shown(site: Site): boolean
  }
> = {
  search: {
    param: 'q',
    finds: async (services, site, lang, words) =>
      services.searchIndex.search(words, toLocale(lang, site.country)).total > 0,
    shown: () => true,
  },
  'political-ads': {
    param: 'text',
    finds: async (services, site, _lang, words) =>
      (
        await services.politicalAds.list(site, site.country, {
          periodFilter: 'ALL',
          channelFilter: 'ALL',
          textFilter: words,
          withdrawn: false,
        })
      ).total > 0,
    // Where the transparency centre is off, its pages are Vike's 404 (pages/political-ads/+guard.ts).
    shown: (site) => site.toggles.POLITICAL_ADS,
  },
}

type WordsServices = Pick<PageContextServices, 'searchIndex' | 'politicalAds'>

/**
 * Words the page writes as they are, in HTML, in JSON and in its URL: up to 100 letters and digits in words
 * separated by one space (a `+` in the URL). Anything else is rendered by Vike as before.
 */
const PLAIN_QUERY = /^\/([a-z]{2})\/([a-z-]+)\?([a-z]+)=([A-Za-z0-9]+(?:\+[A-Za-z0-9]+)*)$/
const MAX_WORDS_LENGTH = 100
/** Two stand-ins: the page for the first, with the second written in, must be the second's page. */
const STAND_INS = ['zzqx standin one', 'zzqx standin two'] as const

export function nothingFoundPages(spliced: ReturnType<typeof splicedPages>, services: WordsServices) {
  return {
    /** The page for words that found nothing, as the kept copy a render would give; null: Vike renders it. */
    async page(req: Request, url: string): Promise<SplicedAnswer | null> {
      const site = req.site
      const [, lang = '', root = '', param = '', raw = ''] = PLAIN_QUERY.exec(url) ?? []
      const kind = WORDS_PAGES[root]
      if (!site || !kind || kind.param !== param || !isLanguage(lang) || !kind.shown(site)) return null
      if (raw.length > MAX_WORDS_LENGTH) return null
      const words = raw.replaceAll('+', ' ')
      const found = (text: string) => kind.finds(services, site, lang, text).catch(() => true)
      // The database away (the ads' list): Vike renders the page, as before.
      if (await found(words)) return null
      const standIn = (text: string) => {
        const inUrl = text.replaceAll(' ', '+')
        return { url: `/${lang}/${root}?${param}=${inUrl}`, forms: [text, inUrl] }
      }
      const stillNothing = async () => !(await found(STAND_INS[0])) && !(await found(STAND_INS[1]))
      return spliced(
        req,
        `nothing-found|${root}|${site.host}|${lang}`,
        [standIn(STAND_INS[0]), standIn(STAND_INS[1])],
        [words, raw],
        stillNothing,
      )
    },
  }
}
