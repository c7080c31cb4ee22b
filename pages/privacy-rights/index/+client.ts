// https://vike.dev/client: a content page's only script (issue 19).
import '#renderer/enhance/content-page.ts'
import { resetRequest } from '../request-store'

// Spec §4: opening the privacy-rights overview resets the client-held request.
resetRequest()
