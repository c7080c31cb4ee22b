import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readPreparedDocuments, writePreparedDocuments } from './prepared'
import { loadDocuments, readDocuments } from './store'

const content = resolve(import.meta.dirname, '../../content')
const root = mkdtempSync(join(tmpdir(), 'prepared-documents-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('documents prepared by the build', () => {
  it('reads back exactly what parsing the files gives', () => {
    symlinkSync(content, join(root, 'content'))
    mkdirSync(join(root, 'dist'))
    writePreparedDocuments(root)
    const prepared = readPreparedDocuments(root)
    expect(prepared).toEqual(readDocuments(join(content, 'documents')).byLocale)
    const store = loadDocuments(join(content, 'documents'), prepared)
    const parsed = loadDocuments(join(content, 'documents'))
    expect(store.get('privacy-policy', 'nl_nl')).toEqual(parsed.get('privacy-policy', 'nl_nl'))
    expect(store.changes('fr_be')).toEqual(parsed.changes('fr_be'))
  })

  it('is null without a file, so the start parses the documents as ever', () => {
    expect(readPreparedDocuments(join(root, 'nowhere'))).toBeNull()
  })
})
