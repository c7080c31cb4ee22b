/** A postal address on one line, as staff screens and team mails show it: `Dorpsstraat 1 A, 1234 AB Dorp, NL`. */
export function formatAddress(
  address:
    | {
        street?: string
        houseNumber?: string
        houseNumberExtension?: string
        postalCode?: string
        city?: string
        country?: string
      }
    | null
    | undefined,
): string | null {
  if (!address) return null
  const line = [
    [address.street, address.houseNumber, address.houseNumberExtension].filter(Boolean).join(' '),
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.country,
  ]
    .filter(Boolean)
    .join(', ')
  return line || null
}
