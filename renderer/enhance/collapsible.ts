/** Spec §4: collapsible blocks open and close with their heading's button (rendered closed, content hidden). */
export function enhanceCollapsibles(root: ParentNode = document) {
  for (const block of root.querySelectorAll<HTMLElement>('.collapsible')) {
    const button = block.querySelector<HTMLButtonElement>('.collapsible__toggle')
    const content = button && document.getElementById(button.getAttribute('aria-controls') ?? '')
    if (!button || !content) continue
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true'
      button.setAttribute('aria-expanded', String(open))
      content.hidden = !open
      block.classList.toggle('collapsible--open', open)
    })
  }
}
