/**
 * Issue 27: which API a host's document describes. The document is assembled once (document.ts); a public
 * host's copy leaves out every operation tagged `Staff`, by rule, so a path added later falls into the right
 * document by its tag alone, and then everything only those operations used (components, the staff session
 * scheme, the tag). A staff host (INTERNAL_PRIVACY_RIGHTS) serves the whole document, the staff API with it.
 */
export const STAFF_TAG = 'Staff'

type Json = Record<string, unknown>
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])

export function publicDocument<T extends Json>(document: T): T {
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) => {
      const kept = Object.fromEntries(
        Object.entries(item).filter(
          ([method, operation]) =>
            !METHODS.has(method) || !((operation as { tags?: string[] }).tags ?? []).includes(STAFF_TAG),
        ),
      )
      return Object.keys(kept).some((key) => METHODS.has(key)) ? [[path, kept]] : []
    }),
  )
  const components = (document.components ?? {}) as Record<string, Json>
  // What the kept paths and webhooks use, followed through the components they name.
  const used = new Set<string>()
  const follow = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(follow)
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
          if (used.has(value)) continue
          used.add(value)
          const [, , kind, name] = value.split('/')
          follow(components[kind ?? '']?.[name ?? ''])
        } else follow(value)
      }
  }
  follow(paths)
  follow(document.webhooks)
  const schemes = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        ((operation as { security?: Json[] }).security ?? []).flatMap((requirement) =>
          Object.keys(requirement),
        ),
      ),
    ),
  )
  const keptComponents = Object.fromEntries(
    Object.entries(components).map(([kind, entries]) => [
      kind,
      Object.fromEntries(
        Object.entries(entries).filter(([name]) =>
          kind === 'securitySchemes' ? schemes.has(name) : used.has(`#/components/${kind}/${name}`),
        ),
      ),
    ]),
  )
  const tags = (document.tags as { name: string }[] | undefined)?.filter((tag) => tag.name !== STAFF_TAG)
  return {
    ...document,
    info: {
      ...(document.info as Json),
      description:
        'Public endpoints of the privacy site and the feed brand systems read to stop marketing to people who objected (the staff desk\'s API is described on the staff hosts). Errors are always `{ "error": { "code", "message", "fields"? } }`; a refused complaint adds spec §7\'s `validationError` beside it.',
    },
    paths,
    components: keptComponents,
    ...(tags ? { tags } : {}),
  }
}
