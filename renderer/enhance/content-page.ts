import { enhance } from './enhance'

/** The only script of a content page (issue 19): the shell's and the page's plain behaviours. */
enhance()
