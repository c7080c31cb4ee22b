import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import { importCampaigns, parseCampaignFile } from './campaign-import'

/**
 * The sample campaigns of content/campaigns are loaded (upserted) at every start of a local or acceptance
 * instance (never in production: server/sites.ts `loadsSamples`); their hosts other than production ones
 * show them. Their ids begin with `sample-` (checked with the content), an id no real notice can have: the
 * samples never replace a real notice.
 */
export async function seedSampleCampaigns(db: Db, folder: string): Promise<void> {
  for (const country of ['NL', 'BE'] as Country[]) {
    const file = join(folder, `${country.toLowerCase()}.json`)
    if (!existsSync(file)) continue
    const report = await importCampaigns(db, parseCampaignFile(readFileSync(file, 'utf8'), 'json').rows, {
      country,
      sample: true,
    })
    if (report.rejected.length > 0) {
      const first = report.rejected[0]
      throw new Error(
        `${file}: ${report.rejected.length} sample campaigns rejected (row ${first?.row}: ${first?.reasons.join('; ')})`,
      )
    }
  }
}
