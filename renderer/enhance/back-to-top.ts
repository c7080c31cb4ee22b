/** Spec §9: the back-to-top button appears after this much scroll. */
export const BACK_TO_TOP_THRESHOLD = 100

/**
 * Spec §2 'Document page': a back-to-top button (rendered hidden) shows after 100 px of scroll; it scrolls to
 * the top and puts the focus on the element it names, so keyboard users start again from the title.
 */
export function enhanceBackToTop(root: ParentNode = document) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-back-to-top]')) {
    const update = () => {
      button.hidden = window.scrollY <= BACK_TO_TOP_THRESHOLD
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    button.addEventListener('click', () => {
      window.scrollTo({ top: 0 })
      document.getElementById(button.dataset.backToTop ?? '')?.focus({ preventScroll: true })
    })
  }
}
