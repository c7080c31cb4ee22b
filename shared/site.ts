/** What the Host header tells us: spec §1 (country from the host), §4 (toggles per host). */

export const COUNTRIES = ['NL', 'BE'] as const
export type Country = (typeof COUNTRIES)[number]

export const TOGGLES = ['LOAD_FATHOM', 'POLITICAL_ADS', 'INTERNAL_PRIVACY_RIGHTS', 'TEST_TOGGLE'] as const
export type Toggle = (typeof TOGGLES)[number]
export type Toggles = Readonly<Record<Toggle, boolean>>

/**
 * `internal`: a staff host (issue 26), served to the group's networks only, with the staff area and never
 * analytics or indexing; its table says whether it belongs to production or acceptance.
 */
export const ENVIRONMENTS = ['production', 'non-production', 'internal', 'local'] as const
export type Environment = (typeof ENVIRONMENTS)[number]

export interface Site {
  readonly host: string
  readonly country: Country
  readonly environment: Environment
  readonly toggles: Toggles
  /** Scheme and host (and port) used for canonical links and links in e-mails; never the raw Host header. */
  readonly origin: string
}

export function togglesFrom(names: readonly Toggle[]): Toggles {
  return Object.fromEntries(TOGGLES.map((name) => [name, names.includes(name)])) as Record<Toggle, boolean>
}
