// https://vike.dev/client: a content page's only script (issue 19).
import '#renderer/enhance/content-page.ts'
