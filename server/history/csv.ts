// CSV as RFC 4180 writes it: a field holding a comma, a quote or a line break is quoted, its quotes
// doubled; lines end with CRLF. A text field that a spreadsheet would run as a formula (=, +, -, @
// first, or a tab or CR) gets a leading apostrophe: names of player-made boxes reach these files.
// Numbers are written as they are (a negative amount stays a number).

export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(field).join(',')}\r\n`;
}

/**
 * The file's lines, a chunk at a time: `next` answers the rows after the previous chunk (null at
 * the start) and an empty list at the end, so a long history never sits in memory at once.
 */
export async function* csvFile<T, C>(header: readonly string[], next: (after: C | null) => Promise<{ rows: T[]; last: C | null }>, line: (row: T) => CsvValue[]): AsyncGenerator<string> {
  yield csvLine(header);
  let after: C | null = null;
  for (;;) {
    const chunk = await next(after);
    if (chunk.rows.length === 0) return;
    yield chunk.rows.map((row) => csvLine(line(row))).join('');
    after = chunk.last;
  }
}
