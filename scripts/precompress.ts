/**
 * Build step (issue 19): writes `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) next to every text
 * file of dist/client, once, so that the server never compresses an asset per response (server/assets.ts
 * serves the variant the client accepts). A variant that would not be smaller than its file is not written.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** Text formats the build writes into dist/client, or public/ brings along. */
export const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.html',
  '.txt',
  '.map',
  '.xml',
])

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Writes the variants of every text file under `dir`; answers what it wrote, relative to `dir`. */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      const variants = [
        {
          suffix: '.br',
          body: await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        },
        { suffix: '.gz', body: await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }) },
      ]
      const smaller = variants.filter((variant) => variant.body.length < content.length)
      await Promise.all(smaller.map((variant) => writeFile(file + variant.suffix, variant.body)))
      return smaller.map((variant) => relative(dir, file + variant.suffix))
    }),
  )
  return written.flat()
}

if (import.meta.main) {
  const dir = resolve(import.meta.dirname, '../dist/client')
  const written = await precompress(dir)
  console.log(`precompressed: ${written.length} files (.br, .gz) under ${relative(process.cwd(), dir)}`)
}
