// Display formats (docs/product.md §9, docs/i18n.md): in en-US, the spec's own: coins always with 2
// decimals and no grouping, dates in the German locale's short date and short time (e.g. "21.11.26,
// 15:53"); in the other languages their own numbers ("1.234,50") and short dates and times. Every date the
// client shows goes through here, date filters too (src/components/DateField.tsx types and shows
// "21.11.26", where a browser's own date input would show its locale's "11/21/2026").
// The formatters are made at their first use: making one loads its locale's data, 10–15 ms of main
// thread that the entry's evaluation paid on every page load, most of whose pages show no date.
import { DATE_TIME_FORMAT } from '../../core/text/dates.ts';
import { DEFAULT_LOCALE } from '../../core/text/locales.ts';
import { currentLocale } from '../i18n/i18n.ts';

let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
let coins: Intl.NumberFormat | undefined;

/** The locale dates are written in: the spec's German for en-US, else the page's language. */
function dateLocale(): string {
  const locale = currentLocale();
  return locale === DEFAULT_LOCALE ? 'de-DE' : locale;
}

export function formatCoins(value: number): string {
  const finite = Number.isFinite(value) ? value : 0;
  const locale = currentLocale();
  if (locale === DEFAULT_LOCALE) return finite.toFixed(2);
  coins ??= new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return coins.format(finite);
}

/** A count or share that is not money: the language's grouping, at most `digits` decimals ("1,234.5"). */
export function formatNumber(value: number, digits = 2): string {
  return value.toLocaleString(currentLocale(), { maximumFractionDigits: digits });
}

/** Coins with the language's grouping and two decimals ("1,234.50" in en-US), where a text states a sum in words. */
export function formatGroupedCoins(value: number): string {
  return value.toLocaleString(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatDateTime(value: Date | string | number): string {
  dateTime ??= new Intl.DateTimeFormat(dateLocale(), DATE_TIME_FORMAT);
  return dateTime.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  dateOnly ??= new Intl.DateTimeFormat(dateLocale(), { dateStyle: 'short' });
  return dateOnly.format(new Date(value));
}

/** A calendar day as the API takes it ("2026-11-21"), shown as formatDate shows dates ("21.11.26"). */
export function formatDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return formatDate(new Date(y!, m! - 1, d!));
}

/** A typed day, "21.11.26" or "21.11.2026" (also with "/" or "-"), as "2026-11-21"; null when it is no real day. */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3]!.length === 2 ? `20${match[3]}` : match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export { plural } from '../../core/text/plural.ts';
