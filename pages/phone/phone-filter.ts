import { formatPhrase } from '#shared/i18n/translate.ts'
import type { Language } from '#shared/locale.ts'
import { type BrandType, filterEntries, type PhoneEntry } from '#shared/phone.ts'

/**
 * Spec §2 'Phone page' in the browser, without React (issue 19): picking a type filters the list, typing a
 * search resets the type to all; the type menu closes on a choice and on Escape, giving the focus back to its
 * button. The entries are the server-rendered list items; those that do not match leave the list.
 */
export function enhancePhoneFilter(root: ParentNode = document) {
  const tools = root.querySelector<HTMLElement>('[data-phone-filter]')
  const search = tools?.querySelector<HTMLInputElement>('input[type="search"]')
  const toggle = tools?.querySelector<HTMLButtonElement>('button[aria-controls]')
  const menu = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '')
  const typeLabel = toggle?.querySelector<HTMLElement>('[data-type-label]')
  const count = root.querySelector<HTMLElement>('.phone-count')
  if (!search || !toggle || !menu || !typeLabel || !count) return
  const lang = (document.documentElement.lang.split('-')[0] ?? 'nl') as Language
  const options = [...menu.querySelectorAll<HTMLButtonElement>('button[data-type]')]
  const groups = [...root.querySelectorAll<HTMLElement>('.phone-group')].map((section) => ({
    section,
    list: section.querySelector<HTMLElement>('.phone-list'),
    items: [...section.querySelectorAll<HTMLElement>('.phone-entry')],
  }))
  const entryOf = new Map<HTMLElement, PhoneEntry>(
    groups.flatMap(({ items }) =>
      items.map((item) => [
        item,
        {
          brandName: item.dataset.brandName ?? '',
          brandType: item.dataset.brandType as BrandType,
          phoneNumber: item.querySelector('a')?.textContent ?? '',
        },
      ]),
    ),
  )
  let type: BrandType | 'all' = 'all'

  const show = () => {
    const shown = new Set(filterEntries([...entryOf.values()], type, search.value))
    for (const { section, list, items } of groups) {
      const visible = items.filter((item) => shown.has(entryOf.get(item) as PhoneEntry))
      list?.replaceChildren(...visible)
      section.hidden = visible.length === 0
    }
    count.textContent =
      shown.size === 0
        ? (count.dataset.noResults ?? '')
        : formatPhrase(count.dataset.countPhrase ?? '', { smart_count: shown.size }, lang)
  }
  const choose = (next: BrandType | 'all') => {
    type = next
    for (const option of options) option.setAttribute('aria-pressed', String(option.dataset.type === next))
    typeLabel.textContent = options.find((option) => option.dataset.type === next)?.textContent ?? ''
  }
  const setMenu = (open: boolean) => {
    menu.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
  }

  toggle.addEventListener('click', () => setMenu(toggle.getAttribute('aria-expanded') !== 'true'))
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return
    setMenu(false)
    toggle.focus()
  })
  for (const option of options) {
    option.addEventListener('click', () => {
      choose(option.dataset.type as BrandType | 'all')
      setMenu(false)
      toggle.focus()
      show()
    })
  }
  search.addEventListener('input', () => {
    // Spec §2: typing a search resets the type to all.
    choose('all')
    show()
  })
}
