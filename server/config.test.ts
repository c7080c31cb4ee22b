import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, requireStaffSignIn } from './config'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.trustProxy).toBe(false)
    expect(config.hostTable.map((row) => row.host)).toContain('nl.localhost')
    expect(Object.isFrozen(config)).toBe(true)
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SITE_HOSTS_FILE: '/no/such/file.json' }, 'SITE_HOSTS_FILE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ CORPORATE_SITE_URL: 'not a url' }, 'CORPORATE_SITE_URL'],
    [{ STAFF_OIDC_ISSUER: 'https://login.example' }, 'STAFF_OIDC_CLIENT_ID'],
    [{ STAFF_OIDC_CLIENT_ID: 'site', STAFF_OIDC_CLIENT_SECRET: 's' }, 'STAFF_OIDC_ISSUER'],
    [
      { STAFF_OIDC_ISSUER: 'http://login.example', STAFF_OIDC_CLIENT_ID: 'a', STAFF_OIDC_CLIENT_SECRET: 'b' },
      'STAFF_OIDC_ISSUER',
    ],
    [{ STAFF_SESSION_SECRET: 'too short' }, 'STAFF_SESSION_SECRET'],
    [{ STAFF_SESSION_IDLE_MINUTES: '0' }, 'STAFF_SESSION_IDLE_MINUTES'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ CONTACT_RETENTION_DAYS: '0' }, 'CONTACT_RETENTION_DAYS'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    [{ NODE_ENV: 'production', STAFF_DEVELOPMENT_SIGN_IN: 'yes' }, 'STAFF_DEVELOPMENT_SIGN_IN'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ SMTP_MAX_CONNECTIONS: 'many' }, 'SMTP_MAX_CONNECTIONS'],
    // Issue 26: a typo must not start the site on a new, empty SQLite file named after the URL.
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgress://privacy@db/privacy' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'data/privacy.sqlite' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'file:' }, 'DATABASE_URL'],
  ])('fails fast on %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  it.each([
    'file:data/privacy.sqlite',
    'file:/var/lib/privacy/site.sqlite',
    'postgres://privacy@db:5432/privacy',
    'postgresql://privacy:secret@db/privacy?sslmode=require',
  ])('takes DATABASE_URL=%s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url)
  })

  it.each(['config/hosts.production.json', 'config/hosts.acceptance.json'])(
    'refuses %s in production without the staff sign-in provider, naming its variables (issue 26)',
    (file) => {
      const env = { NODE_ENV: 'production', SITE_HOSTS_FILE: file }
      expect(() => requireStaffSignIn(loadConfig(env))).toThrow(ConfigError)
      expect(() => requireStaffSignIn(loadConfig(env))).toThrow(
        /staff hosts .*STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET/,
      )
      const oidc = {
        STAFF_OIDC_ISSUER: 'https://login.example/realms/staff',
        STAFF_OIDC_CLIENT_ID: 'privacy-site',
        STAFF_OIDC_CLIENT_SECRET: 'secret',
      }
      expect(() => requireStaffSignIn(loadConfig({ ...env, ...oidc }))).not.toThrow()
    },
  )

  it('starts a local run (the built-in table, staff hosts among its hosts) without a provider', () => {
    expect(() => requireStaffSignIn(loadConfig({ NODE_ENV: 'production' }))).not.toThrow()
  })

  it('never repeats the password of a refused DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgress://privacy:hunter2@db/privacy' })).toThrow(
      'got "postgress://privacy:***@db/privacy"',
    )
  })

  it.each([
    ['1', 1],
    ['false', false],
    ['loopback', 'loopback'],
    ['10.0.0.1, 10.0.0.2', '10.0.0.1, 10.0.0.2'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected)
  })

  it('has the documented retention periods, database time-outs, pool sizes and mail limit by default', () => {
    const config = loadConfig({})
    expect(config.retention).toEqual({
      contactMessageDays: 180,
      complaintDays: 180,
      mailRecordDays: 180,
      politicalAdYears: 7,
      closedRequestMonths: 24,
    })
    expect(config.accessPackageDays).toBe(14)
    expect(config.fileEncryptionKey).toBeNull()
    expect(config.databaseTimeouts).toEqual({ connectMs: 5000, statementMs: 10_000 })
    expect(config.databasePoolSize).toBe(10)
    expect(config.smtpMaxConnections).toBe(5)
    expect(config.recipientMailsPerDay).toBe(3)
  })

  it('reads FILE_ENCRYPTION_KEY as 32 bytes in hex or base64, and stops at anything else, naming it', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i))
    expect(loadConfig({ FILE_ENCRYPTION_KEY: key.toString('hex') }).fileEncryptionKey).toEqual(key)
    expect(loadConfig({ FILE_ENCRYPTION_KEY: key.toString('base64') }).fileEncryptionKey).toEqual(key)
    expect(loadConfig({ FILE_ENCRYPTION_KEY: key.toString('base64url') }).fileEncryptionKey).toEqual(key)
    for (const wrong of ['short', key.toString('hex').slice(2), `${key.toString('hex')}00`, 'z'.repeat(64)])
      expect(() => loadConfig({ FILE_ENCRYPTION_KEY: wrong }), wrong).toThrow('FILE_ENCRYPTION_KEY')
  })

  it('reads ACCESS_PACKAGE_DAYS and CLOSED_REQUEST_RETENTION_MONTHS within their bounds', () => {
    expect(loadConfig({ ACCESS_PACKAGE_DAYS: '7' }).accessPackageDays).toBe(7)
    expect(loadConfig({ CLOSED_REQUEST_RETENTION_MONTHS: '36' }).retention.closedRequestMonths).toBe(36)
    expect(() => loadConfig({ ACCESS_PACKAGE_DAYS: '0' })).toThrow('ACCESS_PACKAGE_DAYS')
    expect(() => loadConfig({ CLOSED_REQUEST_RETENTION_MONTHS: 'two years' })).toThrow(
      'CLOSED_REQUEST_RETENTION_MONTHS',
    )
  })

  it('reads POLITICAL_AD_RETENTION_YEARS, within 1 to 50 years', () => {
    expect(loadConfig({ POLITICAL_AD_RETENTION_YEARS: '10' }).retention.politicalAdYears).toBe(10)
    expect(() => loadConfig({ POLITICAL_AD_RETENTION_YEARS: '0' })).toThrow('POLITICAL_AD_RETENTION_YEARS')
    expect(() => loadConfig({ POLITICAL_AD_RETENTION_YEARS: 'seven' })).toThrow(
      'POLITICAL_AD_RETENTION_YEARS',
    )
  })

  it('sends political-ad complaints to POLITICAL_ADS_MAILBOX_NL/BE, by default the privacy mailbox', () => {
    expect(loadConfig({ PRIVACY_MAILBOX_BE: 'privacy@desk.be' }).politicalAdsMailbox).toEqual({
      NL: 'privacy@dpgmedia.nl',
      BE: 'privacy@desk.be',
    })
    expect(loadConfig({ POLITICAL_ADS_MAILBOX_NL: 'ads@desk.nl' }).politicalAdsMailbox.NL).toBe('ads@desk.nl')
  })

  it('offers the development sign-in outside production, and in production only when switched on', () => {
    expect(loadConfig({}).staff.developmentSignIn).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).staff.developmentSignIn).toBe(false)
    expect(
      loadConfig({ NODE_ENV: 'production', STAFF_DEVELOPMENT_SIGN_IN: 'on' }).staff.developmentSignIn,
    ).toBe(true)
  })

  it('reads the staff sign-in: the group domains by default, http:// only on loopback', () => {
    const none = loadConfig({}).staff
    expect(none.oidc).toBeNull()
    expect(none.allowedEmailDomains).toEqual(['dpgmedia.nl', 'dpgmedia.be', 'dpgmedia.com'])
    expect(none.sessionIdleMinutes).toBe(30)
    expect(none.sessionMaxHours).toBe(10)
    const staff = loadConfig({
      STAFF_OIDC_ISSUER: 'http://127.0.0.1:9000',
      STAFF_OIDC_CLIENT_ID: 'site',
      STAFF_OIDC_CLIENT_SECRET: 'secret',
      STAFF_ALLOWED_GROUPS: 'privacy-desk, customer-service',
    }).staff
    expect(staff.oidc).toMatchObject({ issuer: 'http://127.0.0.1:9000', allowInsecure: true })
    expect(staff.allowedGroups).toEqual(['privacy-desk', 'customer-service'])
    // Groups alone decide: no default domains on top.
    expect(staff.allowedEmailDomains).toEqual([])
    expect(loadConfig({ STAFF_ALLOWED_EMAIL_DOMAINS: '@DPGMedia.nl' }).staff.allowedEmailDomains).toEqual([
      'dpgmedia.nl',
    ])
  })
})
