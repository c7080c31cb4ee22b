import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { precompress } from './precompress'

describe('precompress (build step)', () => {
  it('writes .br and .gz beside every text file, in every folder, and leaves other files alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'))
    mkdirSync(join(dir, 'assets/entries'), { recursive: true })
    const script = `export const phrases = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `zin ${i}`))}\n`
    writeFileSync(join(dir, 'assets/entries/entry.js'), script)
    writeFileSync(join(dir, 'assets/site.css'), 'body { margin: 0 }\n'.repeat(100))
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(2000, 7))
    writeFileSync(join(dir, 'tiny.svg'), '<svg/>')

    const written = await precompress(dir)

    expect(written.sort()).toEqual([
      'assets/entries/entry.js.br',
      'assets/entries/entry.js.gz',
      'assets/site.css.br',
      'assets/site.css.gz',
    ])
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/entries/entry.js.br'))).toString()).toBe(
      script,
    )
    expect(gunzipSync(readFileSync(join(dir, 'assets/entries/entry.js.gz'))).toString()).toBe(script)
    // A PNG is compressed already; a variant of six bytes would be larger than the file.
    expect(existsSync(join(dir, 'logo.png.br'))).toBe(false)
    expect(existsSync(join(dir, 'tiny.svg.gz'))).toBe(false)
  })
})
