// Display formats (docs/product.md §9): coins always with 2 decimals; dates in the German locale's short date and
// short time (e.g. "21.11.26, 15:53") while the interface language stays en-US.
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('de-DE', { dateStyle: 'short' });

export function formatCoins(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

export function formatDateTime(value: Date | string | number): string {
  return dateTime.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  return dateOnly.format(new Date(value));
}
