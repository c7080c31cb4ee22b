import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { unzip } from '../../test/support/files'
import { zipStream } from './zip-stream'

/** Issue 30 item 4: the package's ZIP writer, read back by another library (yauzl). */
describe('zipStream', () => {
  const mtime = new Date('2026-11-02T09:00:00Z')
  const collect = async (pieces: AsyncIterable<Buffer>) => {
    const all: Buffer[] = []
    for await (const piece of pieces) all.push(piece)
    return Buffer.concat(all)
  }
  async function* slowly(bytes: Buffer, size: number) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
  }

  it('writes stored and deflated files, UTF-8 names and an empty file, as any unzip reads them', async () => {
    const random = randomBytes(3 * 1024 * 1024 + 17)
    const text = Buffer.from('nom;e-mail\nSam Peeters;sam@example.be\n'.repeat(5000))
    const zip = await collect(
      zipStream([
        {
          path: 'HLN CRM/facture 2025.pdf',
          mtime,
          compress: false,
          bytes: () => slowly(random, 1024 * 1024),
        },
        { path: 'HLN CRM/abonnement é.csv', mtime, compress: true, bytes: () => slowly(text, 7000) },
        { path: 'vide.json', mtime, compress: true, bytes: () => [] },
      ]),
    )
    expect(zip.length).toBeLessThan(random.length + text.length / 10)
    const entries = await unzip(zip)
    expect([...entries.keys()]).toEqual(['HLN CRM/facture 2025.pdf', 'HLN CRM/abonnement é.csv', 'vide.json'])
    expect(entries.get('HLN CRM/facture 2025.pdf')?.equals(random)).toBe(true)
    expect(entries.get('HLN CRM/abonnement é.csv')?.equals(text)).toBe(true)
    expect(entries.get('vide.json')?.length).toBe(0)
  })

  it('fails when a file cannot be read, deflated or not, and closes the file when the reader stops', async () => {
    async function* broken() {
      yield Buffer.from('début')
      throw new Error('chunk 1 is missing')
    }
    for (const compress of [false, true])
      await expect(collect(zipStream([{ path: 'a.csv', mtime, compress, bytes: broken }]))).rejects.toThrow(
        'chunk 1 is missing',
      )
    let closed = false
    async function* endless() {
      try {
        for (;;) yield randomBytes(1024)
      } finally {
        closed = true
      }
    }
    for (const compress of [false, true]) {
      closed = false
      let pieces = 0
      for await (const _piece of zipStream([{ path: 'a.pdf', mtime, compress, bytes: endless }]))
        if (++pieces === 3) break
      await expect.poll(() => closed).toBe(true)
    }
  })
})
