// https://vike.dev/client: the list hydrates its own React root, as the requests queue does, so a filtered page
// of results can give its heading the focus (issue 32).
import { hydratePage } from '#renderer/hydrate.tsx'
import Page from './+Page'

hydratePage(Page)
