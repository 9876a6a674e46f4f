// Display formats (docs/product.md §9): coins always with 2 decimals; dates in the German locale's short date and
// short time (e.g. "21.11.26, 15:53") while the interface language stays en-US. Every date the
// client shows goes through here, date filters too (src/components/DateField.tsx types and shows
// "21.11.26", where a browser's own date input would show its locale's "11/21/2026").
// The formatters are made at their first use: making one loads its locale's data, 10–15 ms of main
// thread that the entry's evaluation paid on every page load, most of whose pages show no date.
import { DATE_TIME_FORMAT } from '../../core/text/dates.ts';

let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

export function formatCoins(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

/** A count or share that is not money: en-US grouping, at most `digits` decimals ("1,234.5"). */
export function formatNumber(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export function formatDateTime(value: Date | string | number): string {
  dateTime ??= new Intl.DateTimeFormat('de-DE', DATE_TIME_FORMAT);
  return dateTime.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  dateOnly ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'short' });
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
