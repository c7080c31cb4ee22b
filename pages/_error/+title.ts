import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) =>
  pageContext.is404
    ? 'errors.not_found.title'
    : pageContext.abortStatusCode === 403
      ? 'errors.forbidden.title'
      : pageContext.abortStatusCode === 410
        ? 'errors.gone.title'
        : pageContext.abortStatusCode === 503
          ? 'errors.unavailable.title'
          : pageContext.abortStatusCode === 429
            ? 'errors.too_many.title'
            : 'errors.internal.title'
