// Display formats (docs/product.md §9): coins always with 2 decimals; dates in the German locale's short date and
// short time (e.g. "21.11.26, 15:53") while the interface language stays en-US.
// The formatters are made at their first use: making one loads its locale's data, 10–15 ms of main
// thread that the entry's evaluation paid on every page load, most of whose pages show no date.
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

export function formatCoins(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

export function formatDateTime(value: Date | string | number): string {
  dateTime ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' });
  return dateTime.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  dateOnly ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'short' });
  return dateOnly.format(new Date(value));
}

export { plural } from '../../core/text/plural.ts';
