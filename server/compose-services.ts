import { hkdfSync } from 'node:crypto'
import { join } from 'node:path'
import { BRANDS } from './brands'
import type { Base, ComposeOptions } from './compose-base'
import type { Config } from './config'
import { deriveKey } from './keys'
import { createAddressLookup } from './services/address-lookup'
import { createContactService } from './services/contact'
import { createDeskService } from './services/desk'
import { createFileStore } from './services/file-store'
import { createNoticeArchive } from './services/notice-archive'
import { createPoliticalAdsService } from './services/political-ads'
import { createPrivacyRequestService } from './services/privacy-requests'
import { createRepositoryExports } from './services/repository-export'
import { createRequesterAccess } from './services/requester-access'
import { seedSampleCampaigns } from './services/sample-campaigns'
import { createSearchService } from './services/search'
import { loadsSamples, publicOrigin, staffOrigin, staffOriginFor, transparencyOrigin } from './sites'
import { createStaffSessions } from './staff/sessions'

/** Issue 31 (moved from compose.ts): the services the composition root builds, by the part of the site they serve. */

/** The public site's: privacy requests, addresses, search, political ads (their samples seeded), contact. */
export async function publicServices(config: Config, options: ComposeOptions, base: Base) {
  const { db, documents, emailDomainCheck, mailLimit } = base
  const privacyRequests = createPrivacyRequestService({
    db,
    brands: BRANDS,
    emailDomainCheck,
    mailLimit,
    clock: options.clock,
    settings: {
      verificationTtlHours: config.verificationTtlHours,
      privacyMailbox: config.privacyMailbox,
      deskOrigin: (country) => staffOrigin(config.hostTable, country),
    },
  })
  const addressLookup = createAddressLookup(config.addressLookupUrl)
  const search = createSearchService(documents)
  const politicalAds = createPoliticalAdsService({
    db,
    emailDomainCheck,
    mailLimit,
    complaintMailbox: config.politicalAdsMailbox,
    samples: loadsSamples(config.hostTable),
    deskOrigin: (site) => staffOriginFor(config.hostTable, site),
    clock: options.clock,
  })
  if (loadsSamples(config.hostTable)) await seedSampleCampaigns(db, join(options.root, 'content/campaigns'))
  const contact = createContactService({
    db,
    emailDomainCheck,
    mailLimit,
    mailbox: config.customerServiceMailbox,
  })
  return { privacyRequests, addressLookup, search, politicalAds, contact }
}

/** The staff's sessions, the access answers' files, the status page's access and the privacy desk. */
export function deskServices(config: Config, options: ComposeOptions, base: Base) {
  const { db, mailLimit } = base
  const { root } = options
  const staffKey = staffSessionKey(config, join(root, 'data/staff-session.key'))
  const staffSessions = createStaffSessions(db, {
    key: staffKey,
    idleMinutes: config.staff.sessionIdleMinutes,
    maxHours: config.staff.sessionMaxHours,
  })
  // Issue 25: the access answers' files, sealed under FILE_ENCRYPTION_KEY (or a key file made at first start);
  // the status page's codes and unlock cookie under a key derived from it, the same on every instance.
  const fileKey =
    config.fileEncryptionKey ?? deriveKey(null, 'privacy-site files', join(root, 'data/file-encryption.key'))
  const files = createFileStore({ db, key: fileKey, clock: options.clock })
  const requesterAccess = createRequesterAccess({
    db,
    brands: BRANDS,
    files,
    mailLimit,
    privacyMailbox: config.privacyMailbox,
    key: Buffer.from(hkdfSync('sha256', fileKey, '', 'privacy-site status unlock', 32)),
    clock: options.clock,
  })
  const desk = createDeskService({
    db,
    mailLimit,
    brands: BRANDS,
    privacyMailbox: config.privacyMailbox,
    deskOrigin: (country) => staffOrigin(config.hostTable, country),
    publicOrigin: (country) => publicOrigin(config.hostTable, country),
    verificationTtlHours: config.verificationTtlHours,
    accessPackageDays: config.accessPackageDays,
    files,
    clock: options.clock,
  })
  return { staffKey, staffSessions, files, requesterAccess, desk }
}

/** Issue 29: the archive's lines name each notice's permanent addresses on the transparency centre's site. */
export function transparencyServices(config: Config, options: ComposeOptions, base: Base) {
  const { db } = base
  const noticeArchive = createNoticeArchive({
    db,
    hour: config.noticeArchive.hour,
    contacts: config.noticeArchive.contacts,
    origin: (country) =>
      transparencyOrigin(config.hostTable, country) ?? publicOrigin(config.hostTable, country),
    clock: options.clock,
  })
  const repositoryExports = createRepositoryExports({
    db,
    mailbox: config.politicalAdsMailbox,
    hour: config.noticeArchive.hour,
    clock: options.clock,
  })
  return { noticeArchive, repositoryExports }
}

/**
 * The key that signs staff cookies. Every instance must derive the same one: STAFF_SESSION_SECRET, else a
 * key derived from the OIDC client secret (which every instance has), else, with no identity provider
 * (local development sign-in), a random key kept in a file under data/.
 */
function staffSessionKey(config: Config, keyFile: string): Buffer {
  const { sessionSecret, oidc } = config.staff
  const secret = sessionSecret
    ? { value: sessionSecret }
    : oidc
      ? { value: oidc.clientSecret, salt: oidc.issuer }
      : null
  return deriveKey(secret, 'privacy-site staff session', keyFile)
}
