import { DEFAULT_LOCALE, type Locale } from './locales.ts';

// A decimal number written the way a language writes it, with a fixed count of decimals: en-US as the
// spec writes numbers ("1234.50", no grouping), the others with their own signs ("1.234,50" in de-DE):
// the server's texts in another language (an amount spliced into a translated API message, a
// multiplier in a chat announcement). One formatter per language and count of decimals, made once:
// Intl.NumberFormat is costly to build, and these run per message.

const formats = new Map<string, Intl.NumberFormat>();

export function formatDecimalIn(locale: Locale, value: number, decimals: number): string {
  if (locale === DEFAULT_LOCALE) return value.toFixed(decimals);
  const key = `${locale} ${decimals}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format.format(value);
}
