/** Fathom Analytics (LOAD_FATHOM): the script, and the origins the CSP must allow for it. */
export const FATHOM_SCRIPT_URL = 'https://cdn.usefathom.com/script.js'
export const FATHOM_ORIGIN = 'https://cdn.usefathom.com'
