import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the two address registers (the internet is not reachable in tests): a few known
 * addresses, answered in the shape of the PDOK Locatieserver (`/pdok/free`) and of the Flemish address
 * register (`/vlaanderen/v2/adressen`). `1111AA` makes the stub answer 500.
 */
const NL = [
  { postcode: '1114AM', huisnummer: 40, straatnaam: 'Van der Madeweg', woonplaatsnaam: 'Amsterdam' },
  {
    postcode: '3011AA',
    huisnummer: 1,
    huisletter: 'B',
    straatnaam: 'Coolsingel',
    woonplaatsnaam: 'Rotterdam',
  },
]
const BE = [
  { postcode: '2018', straatnaam: 'Mediaplein', huisnummer: '1', busnummer: '', gemeente: 'Antwerpen' },
]

export function addressRegisterHandler(url: URL): { status: number; body: unknown } | null {
  if (url.pathname.endsWith('/pdok/free')) {
    const q = url.searchParams.get('q') ?? ''
    const postcode = /postcode:(\S+)/.exec(q)?.[1]
    const number = Number(/huisnummer:(\d+)/.exec(q)?.[1])
    if (postcode === '1111AA') return { status: 500, body: {} }
    const docs = NL.filter((a) => a.postcode === postcode && a.huisnummer === number)
    return { status: 200, body: { response: { numFound: docs.length, docs } } }
  }
  if (url.pathname.endsWith('/vlaanderen/v2/adressen')) {
    const p = url.searchParams
    const found = BE.filter(
      (a) =>
        a.postcode === p.get('postcode') &&
        a.straatnaam.toLowerCase() === (p.get('straatnaam') ?? '').toLowerCase() &&
        a.huisnummer === p.get('huisnummer'),
    )
    return {
      status: 200,
      body: {
        adressen: found.map((a) => ({
          huisnummer: a.huisnummer,
          busnummer: a.busnummer || undefined,
          straatnaam: { geografischeNaam: { spelling: a.straatnaam } },
          gemeente: { gemeentenaam: { geografischeNaam: { spelling: a.gemeente } } },
          postinfo: { objectId: a.postcode },
        })),
      },
    }
  }
  return null
}

export async function startAddressRegisters(): Promise<{ nl: string; be: string; close: () => void }> {
  const server: Server = createServer((req, res) => {
    const answer = addressRegisterHandler(new URL(req.url ?? '/', 'http://localhost'))
    res.statusCode = answer?.status ?? 404
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify(answer?.body ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { nl: `${base}/pdok`, be: `${base}/vlaanderen`, close: () => server.close() }
}
