/**
 * How a make's or a model's name is compared: folded to lower-case letters and digits, so that
 * "RX-7", "rx 7" and "rx7" are one name, "Citroën" is "citroen" and "F-150" is "f150".
 */

/** The name's key: accents removed, lower case, nothing but letters and digits. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The name in a URL: its words in lower case, joined by hyphens ("Mercedes-Benz" → "mercedes-benz", "RX-7" → "rx-7"). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}
