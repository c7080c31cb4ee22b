import type { PathItems } from './build'
import { brandSystemPaths } from './paths/brand-systems'
import { metaPaths } from './paths/meta'
import { noticeArchivePaths } from './paths/notice-archive'
import { politicalAdPaths } from './paths/political-ads'
import { preferencePaths } from './paths/preferences'
import { publicPaths } from './paths/public'
import { staffPaths } from './paths/staff'

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const

/**
 * Issue 31: the route registry. Each router's routes are described in one area module of paths/ (the path,
 * the method, the schemas, the answers, who may call it); the document is derived from it, and
 * test/api/openapi-registry.test.ts compares it with the routes Express really has, both ways, so a route
 * cannot exist without its description and a description cannot outlive its route.
 */
export type { PathItems }

const AREAS: Record<string, PathItems> = {
  public: publicPaths,
  preferences: preferencePaths,
  politicalAds: politicalAdPaths,
  noticeArchive: noticeArchivePaths,
  staff: staffPaths,
  brandSystems: brandSystemPaths,
  meta: metaPaths,
}

/** What every operation under /api may answer: the host table names no site for the Host (requireSite). */
const UNKNOWN_HOST = { '421': { $ref: '#/components/responses/E421' } }

export interface DescribedRoute {
  method: (typeof METHODS)[number]
  path: string
  operation: Record<string, unknown>
}

/** Every described operation, `get /api/documents` and so on, in the areas' order. */
export function describedRoutes(): DescribedRoute[] {
  return Object.entries(apiPaths()).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => ({
      method,
      path,
      operation: item[method] as Record<string, unknown>,
    })),
  )
}

/** The document's paths: every area's, a path described once. */
export function apiPaths(): PathItems {
  const paths: PathItems = {}
  for (const [area, items] of Object.entries(AREAS))
    for (const [path, item] of Object.entries(items)) {
      if (path in paths) throw new Error(`${path} is described twice (again in ${area})`)
      paths[path] = path.startsWith('/api/') ? withUnknownHost(item) : item
    }
  return paths
}

function withUnknownHost(item: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => {
      if (!(METHODS as readonly string[]).includes(key)) return [key, value]
      const operation = value as { responses: Record<string, unknown> }
      return [key, { ...operation, responses: { ...operation.responses, ...UNKNOWN_HOST } }]
    }),
  )
}
