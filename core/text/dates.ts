// Dates in the one display format (docs/product.md §9: the German locale's short date and short
// time, "27.11.26, 00:00"). The pages show the viewer's local time (src/format/format.ts); a text
// the server writes (a refusal, a mute) cannot know the viewer's zone, so it says the time in UTC
// in the same format and names the zone: "27.11.26, 00:00 UTC". Once "2026-11-27 00:00 UTC" stood
// next to the pages' "26.11.26" on the same screen.

/** The display format's options: German short date and short time. */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

let utc: Intl.DateTimeFormat | undefined;

/** A moment as the server's texts name it: "27.11.26, 00:00 UTC". */
export function utcText(at: Date): string {
  utc ??= new Intl.DateTimeFormat('de-DE', { ...DATE_TIME_FORMAT, timeZone: 'UTC' });
  return `${utc.format(at)} UTC`;
}
