import { usePageContext } from '../../renderer/usePageContext'
import type { Brand } from '../../shared/brands'
import { checkBody } from '../../shared/privacy-rights/rules'
import { localizedPath } from '../../shared/routing'
import type { Errors } from './ContactFields'
import { toFormErrors, useFormSubmit } from './form-submit'
import type { ClientRequest } from './request-store'
import { submitRequest, toBody } from './submit'

export function errorsOf(request: ClientRequest, options: SubmitOptions): Errors {
  const body = toBody(request, options.site, options.lang, options.brands, options.withUserInfo)
  const known = new Set(options.brands.flatMap((brand) => brand.nroKeys))
  return toFormErrors(checkBody(body, options.site.country, known), request)
}

interface SubmitOptions {
  site: ReturnType<typeof usePageContext>['site']
  lang: 'nl' | 'fr'
  brands: readonly Brand[]
  withUserInfo: boolean
}

/** The public flows: the client-held request to POST /api/privacy-rights/request, then the processed page. */
export function useSubmit(request: ClientRequest, options: SubmitOptions, setErrors: (e: Errors) => void) {
  const { lang } = usePageContext()
  return useFormSubmit(
    setErrors,
    () => errorsOf(request, options),
    async () => {
      const outcome = await submitRequest(
        toBody(request, options.site, options.lang, options.brands, options.withUserInfo),
      )
      if (outcome === 'ok') window.location.assign(localizedPath(lang, '/privacy-rights/processed'))
      return outcome
    },
  )
}
