/**
 * Codes as people read them, in English: "DE" -> "Germany", "de" -> "German", "EUR" -> "Euro". A code the
 * platform cannot name comes back as given rather than as nothing, so a value is never silently lost.
 */
const LOCALE = 'en';

const regions = new Intl.DisplayNames([LOCALE], { type: 'region', fallback: 'none' });
const languages = new Intl.DisplayNames([LOCALE], { type: 'language', fallback: 'none' });
const currencies = new Intl.DisplayNames([LOCALE], { type: 'currency', fallback: 'none' });

function nameOf(names: Intl.DisplayNames, code: string | null | undefined, empty: string): string {
  if (!code) return empty;
  try {
    return names.of(code) ?? code;
  } catch {
    // A malformed code (not a region or language subtag at all) throws; it is shown as stored.
    return code;
  }
}

/** A country by its ISO 3166 code: "DE" -> "Germany". */
export function countryName(code: string | null | undefined, empty = 'Not known'): string {
  return nameOf(regions, code?.toUpperCase(), empty);
}

/** A language by its BCP 47 code: "de" -> "German", "pt-BR" -> "Brazilian Portuguese". */
export function languageName(code: string | null | undefined, empty = 'Not known'): string {
  return nameOf(languages, code, empty);
}

/** A currency by its ISO 4217 code: "EUR" -> "Euro". */
export function currencyName(code: string | null | undefined, empty = '—'): string {
  return nameOf(currencies, code?.toUpperCase(), empty);
}

/** "1 record", "3 records", "1,204 records": a count with its noun, in the portal's number style. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? singular : plural}`;
}
