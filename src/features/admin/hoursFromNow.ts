/** One hour in milliseconds: the console's forms take durations in hours. */
export const HOUR_MS = 3_600_000;

/** The instant `hours` (a form's text) after `from` (now by default), as the API takes it. */
export function hoursFromNow(hours: number | string, from = Date.now()): string {
  return new Date(from + Number(hours) * HOUR_MS).toISOString();
}
