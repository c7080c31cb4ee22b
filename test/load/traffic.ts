import { randomBytes } from 'node:crypto'
import { type Answer, type Call, send } from './http'
import type { Ledger } from './reconcile'
import type { Stats } from './stats'

/**
 * The load itself, open-loop: each stream starts its requests at its rate whatever the answers take (as
 * visitors do), up to a limit of requests waiting per stream beyond which the generator counts them as
 * skipped rather than queueing without bound.
 */

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const ORIGIN: Record<string, string> = {
  [NL]: 'https://privacy.dpgmedia.nl',
  [BE]: 'https://privacy.dpgmedia.be',
  [ACC_BE]: 'https://privacy-acc.dpgmedia.be',
}
const PAGES: [string, string][] = [
  [NL, '/nl'],
  [NL, '/nl/document/privacy-policy'],
  [NL, '/nl/about'],
  [NL, '/nl/phone'],
  [NL, '/nl/privacy-rights'],
  [NL, '/nl/privacy-rights/push-notifications'],
  [BE, '/fr'],
  [BE, '/nl'],
  [BE, '/fr/document/privacy-policy'],
  [BE, '/fr/privacy-rights'],
  [ACC_BE, '/nl/political-ads'],
]
/** The mix of privacy requests: most are objections to direct marketing; the rest become brand tasks. */
const FLOWS = ['OBJECTION', 'OBJECTION', 'OBJECTION', 'RIGHT_OF_ACCESS', 'RIGHT_TO_BE_FORGOTTEN'] as const
const MAX_WAITING = 400

export interface Rates {
  pages: number
  requests: number
  messages: number
  desk: number
}

/** The rates: pages 500/s, requests and objections 50/s, contact messages and complaints 5/s, desk 2/s. */
export const FULL_RATES: Rates = { pages: 500, requests: 50, messages: 5, desk: 2 }

export class Traffic {
  private readonly waiting = new Map<string, number>()
  private readonly started = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private begun = 0
  private visitor = 0
  private serial = 0
  /** Verification links waiting to be clicked: a mail's recipient and token. */
  private readonly run = randomBytes(3).toString('hex')
  /** A desk session cookie, once signed in; the references the desk may note on. */
  deskCookie = ''
  readonly deskReferences: string[] = []
  /** Every request sent and not yet answered (the drain waits for them). */
  inFlight = 0

  constructor(
    private readonly port: number,
    private readonly rates: Rates,
    private readonly stats: Stats,
    private readonly ledger: Ledger,
  ) {}

  start(): void {
    this.begun = performance.now()
    this.timer = setInterval(() => this.tick(), 10)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** A call recorded under `route`, from a visitor of its own (a loopback address of its own). */
  async call(route: string, call: Omit<Call, 'visitor'>, visitor = this.visitor++): Promise<Answer> {
    const startedAt = performance.now()
    this.inFlight++
    this.waiting.set(route, (this.waiting.get(route) ?? 0) + 1)
    try {
      const answer = await send(this.port, { ...call, visitor })
      this.stats.record(route, answer, startedAt)
      return answer
    } finally {
      this.inFlight--
      this.waiting.set(route, (this.waiting.get(route) ?? 1) - 1)
    }
  }

  /** The requester clicks the link of a verification mail (the confirm button's POST). */
  verify(email: string, token: string): void {
    // The address says where the request was made: example.be in Belgium, '.fr.' in French.
    const host = email.endsWith('.be') ? BE : NL
    const lang = email.includes('.fr.') ? 'fr' : 'nl'
    void this.call('verify', {
      method: 'POST',
      host,
      path: `/${lang}/verify-email`,
      headers: { origin: ORIGIN[host] ?? '' },
      body: new URLSearchParams({ token }),
    }).then((answer) => {
      if (answer.status === 303 && String(answer.headers.location).endsWith('/email-verified'))
        this.ledger.verified.add(email)
    })
  }

  private tick(): void {
    const elapsed = (performance.now() - this.begun) / 1000
    this.due('page', this.rates.pages, elapsed, () => this.page())
    this.due('request', this.rates.requests, elapsed, () => this.request())
    this.due('contact', this.rates.messages / 2, elapsed, () => this.contact())
    this.due('complaint', this.rates.messages / 2, elapsed, () => this.complaint())
    if (this.deskCookie) this.due('desk', this.rates.desk, elapsed, () => this.desk())
  }

  private due(stream: string, perSecond: number, elapsed: number, fire: () => void): void {
    const wanted = Math.floor(perSecond * elapsed)
    let started = this.started.get(stream) ?? 0
    for (; started < wanted; started++) {
      if ((this.waiting.get(stream) ?? 0) >= MAX_WAITING) this.stats.skipped++
      else fire()
    }
    this.started.set(stream, started)
  }

  private page(): void {
    const [host, path] = PAGES[this.serial++ % PAGES.length] ?? [NL, '/nl']
    // A few dozen returning visitors read pages over kept-alive connections.
    void this.call('page', { method: 'GET', host, path }, 1 + (this.serial % 40))
  }

  private request(): void {
    const n = this.serial++
    const flowType = FLOWS[n % FLOWS.length] ?? 'OBJECTION'
    const country = n % 2 ? 'BE' : 'NL'
    const french = country === 'BE' && n % 4 === 1
    const email = `load-${this.run}-${n}${french ? '.fr' : ''}.x@example.${country.toLowerCase()}`
    const host = country === 'BE' ? BE : NL
    const body: Record<string, unknown> = {
      flowType,
      country,
      language: french ? 'fr' : 'nl',
      email,
      ...(flowType === 'OBJECTION' ? { brands: country === 'BE' ? ['HLN', 'HUMO'] : ['AD', 'TROUW'] } : {}),
    }
    void this.call('request', {
      method: 'POST',
      host,
      path: '/api/privacy-rights/request',
      headers: { origin: ORIGIN[host] ?? '', 'idempotency-key': `${this.run}-request-${n}-key` },
      body,
    }).then((answer) => {
      if (answer.status >= 200 && answer.status < 300) {
        this.ledger.requests.push({ email, flowType, country })
        const reference = (JSON.parse(answer.body) as { reference?: string }).reference
        if (reference && country === 'NL' && this.deskReferences.length < 500)
          this.deskReferences.push(reference)
      }
    })
  }

  private contact(): void {
    const n = this.serial++
    const email = `contact-${this.run}-${n}@example.be`
    void this.call('contact', {
      method: 'POST',
      host: BE,
      path: `/api/contact?locale=${n % 2 ? 'fr_be' : 'nl_be'}`,
      headers: { origin: ORIGIN[BE] ?? '', 'idempotency-key': `${this.run}-contact-${n}-key` },
      body: { name: 'Anne Peeters', email, question: 'Mijn krant komt te laat.', subject: 'delivery' },
    }).then((answer) => {
      if (answer.status >= 200 && answer.status < 300) this.ledger.contacts.push(email)
    })
  }

  private complaint(): void {
    const n = this.serial++
    const email = `complaint-${this.run}-${n}@example.be`
    void this.call('complaint', {
      method: 'POST',
      host: ACC_BE,
      path: '/api/political-ad-complaint',
      headers: { origin: ORIGIN[ACC_BE] ?? '', 'idempotency-key': `${this.run}-complaint-${n}-key` },
      body: {
        name: 'Lotte',
        email,
        explanation: 'De betaler ontbreekt in de verklaring.',
        reason: 'NOTICE_INCORRECT',
        campaignId: 'sample-be-2026-001',
        locale: 'nl_be',
      },
    }).then((answer) => {
      if (answer.status >= 200 && answer.status < 300) this.ledger.complaints.push(email)
    })
  }

  /** The privacy team: lists the queue, or notes a call on a request. */
  private desk(): void {
    const n = this.serial++
    const reference = this.deskReferences[n % Math.max(1, this.deskReferences.length)]
    const headers = { cookie: this.deskCookie, origin: 'http://nl.localhost' }
    if (n % 2 || !reference)
      void this.call('desk', {
        method: 'GET',
        host: 'nl.localhost',
        path: '/api/internal-privacy-rights/requests',
        headers,
      })
    else {
      // Each note's text is its own, so the reconciliation can count it.
      const text = `Teruggebeld (${this.run}-${n}).`
      void this.call('desk', {
        method: 'POST',
        host: 'nl.localhost',
        path: `/api/internal-privacy-rights/requests/${reference}/notes`,
        // As the desk's note form sends it: nginx may pass it to the other instance when one dies.
        headers: { ...headers, 'idempotency-key': `${this.run}-note-${n}-key` },
        body: { text },
      }).then((answer) => {
        if (answer.status >= 200 && answer.status < 300) this.ledger.notes.push(text)
      })
    }
  }
}
