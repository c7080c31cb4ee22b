import { usePageContext } from './usePageContext'

/** The value the page's `+data` hook returned (https://vike.dev/data). */
export function useData<Data>(): Data {
  return usePageContext().data as Data
}
