// https://vike.dev/client: a form page hydrates its own React root (issue 19).
import { hydratePage } from '#renderer/hydrate.tsx'
import Page from './+Page'

hydratePage(Page)
