import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

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
  ])('fails fast on %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(name)
  })

  it.each([
    ['1', 1],
    ['true', true],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected)
  })
})
