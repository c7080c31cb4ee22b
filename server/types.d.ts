import type { Site } from '#shared/site.ts'

declare global {
  namespace Express {
    interface Request {
      /** The site of the Host header, set by the site middleware. */
      site?: Site
    }
  }
}
