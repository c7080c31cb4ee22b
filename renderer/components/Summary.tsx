import type { ReactNode } from 'react'

/**
 * A summary of term–value rows (a request, a recorded objection, a status): rows without a value are left
 * out, so a page lists only what it knows.
 */
export function Summary({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="summary">
      {rows
        .filter((row) => Boolean(row[1]))
        .map(([term, value]) => (
          <div key={term} className="summary__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
