import { formatLongDate } from '#shared/format.ts'
import { teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { CampaignItem, Notice, NoticeLanguage } from '#shared/political-ads.ts'
import { noticeLanguages, noticeUrl } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { recordRepositoryExport, unexportedNotices } from '../db/archive-repository'
import type { Db } from '../db/database'
import { claimJobRun } from '../db/desk-repository'
import { saveWithMails } from '../db/unit-of-work'
import { repositoryDigestMail } from '../mail/templates'
import { fieldsOf } from './notice-rows'

/** Issue 29: a notice version not taken for the EU repository this long after it was due is named in the digest. */
export const EXPORT_DUE_HOURS = 60
/** Notices the digest names one by one; beyond, it says how many more. */
const LISTED = 50

/**
 * One notice version in the metadata shape of the European repository for online political advertisements
 * (Implementing Regulation (EU) 2026/818: identification, permanent URL, language of the metadata, the
 * notice's elements), in one language of its country.
 */
export interface RepositoryEntry {
  identification: {
    /** Stable across corrections: the notice's id. */
    identifier: string
    /** Raised by each correction. */
    version: number
    changedAt: string
    withdrawnAt?: string
    withdrawalReason?: string
  }
  url: string
  language: NoticeLanguage
  /** The notice's elements, the context note in this language only. */
  transparencyNotice: Omit<CampaignItem, 'campaignContextNoteNl' | 'campaignContextNoteFr'> & {
    campaignContextNote?: string
    previousPublicationSuspended: boolean
    amountsCurrency: string
  }
}

export interface RepositoryAnswer {
  identifier: string
  version: number
  entries: RepositoryEntry[]
}

/** The notice's current version as the repository takes it, one entry per language of its country. */
export function repositoryEntries(notice: Notice, origin: string, country: Country): RepositoryAnswer {
  const { campaignContextNoteNl, campaignContextNoteFr, ...fields } = fieldsOf(notice)
  const notes: Record<NoticeLanguage, string | undefined> = {
    nl: campaignContextNoteNl,
    fr: campaignContextNoteFr,
  }
  return {
    identifier: notice.id,
    version: notice.version,
    entries: noticeLanguages(country).map((language) => ({
      identification: {
        identifier: notice.id,
        version: notice.version,
        changedAt: notice.changedAt,
        ...(notice.withdrawnAt
          ? { withdrawnAt: notice.withdrawnAt, withdrawalReason: notice.withdrawalReason ?? '' }
          : {}),
      },
      url: noticeUrl(origin, language, notice.id),
      language,
      transparencyNotice: {
        ...fields,
        ...(notes[language] ? { campaignContextNote: notes[language] } : {}),
        previousPublicationSuspended: notice.previousPublicationSuspended,
        amountsCurrency: notice.amountsCurrency,
      },
    })),
  }
}

export interface RepositoryExports {
  /** A registered system took this version: the first time counts. */
  record(notice: Notice, clientId: string): Promise<void>
  /**
   * Once a day per country (after the archive's hour): the notices whose current version no registered system
   * took within 60 hours of its publication start (or of its correction), mailed to the country's
   * political-ads mailbox; nothing due, no mail. Answers how many mails were queued.
   */
  digest(): Promise<number>
}

export function createRepositoryExports(deps: {
  db: Db
  /** POLITICAL_ADS_MAILBOX_NL/BE: the team that publishes the notices and uploads them. */
  mailbox: Readonly<Record<Country, string>>
  hour: number
  clock?: () => Date
}): RepositoryExports {
  const clock = deps.clock ?? (() => new Date())
  return {
    record: (notice, clientId) =>
      recordRepositoryExport(deps.db.db, {
        campaignId: notice.id,
        version: notice.version,
        clientId,
        at: clock().toISOString(),
      }),
    async digest() {
      const now = clock()
      if (now.getUTCHours() < deps.hour) return 0
      const nowIso = now.toISOString()
      const due = new Date(now.getTime() - EXPORT_DUE_HOURS * 3_600_000).toISOString()
      let mailed = 0
      for (const country of COUNTRIES) {
        await saveWithMails(deps.db, nowIso, async (trx) => {
          if (!(await claimJobRun(trx, 'repository-digest', `${nowIso.slice(0, 10)}/${country}`, nowIso)))
            return []
          const { rows, total } = await unexportedNotices(
            trx,
            country,
            { startedBy: due.slice(0, 10), changedBy: due },
            LISTED,
          )
          if (total === 0) return []
          mailed++
          const t = teamTranslate(country)
          const lines = rows.map((row) => ({
            ...row,
            startText: formatLongDate(row.start, 'nl', country),
          }))
          return [
            {
              kind: 'repository-digest',
              aboutId: null,
              to: deps.mailbox[country],
              ...repositoryDigestMail(t, lines, total),
            },
          ]
        })
      }
      return mailed
    },
  }
}
