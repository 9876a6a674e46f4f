import { describe, expect, it } from 'vitest';
import { csvFile, csvLine } from '../../../server/history/csv.ts';
import { parseCsv } from '../../helpers/csvParse.ts';

// The CSV writer of the history exports: quoting, the formula guard, and the file read in chunks.
describe('CSV lines', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, and writes numbers and nulls as they are', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', -1.5, null])).toBe('a,"b,c","say ""hi""","two\nlines",-1.5,\r\n');
    expect(parseCsv(csvLine(['b,c', 'say "hi"', 'two\nlines']))).toEqual([['b,c', 'say "hi"', 'two\nlines']]);
  });

  it('keeps a spreadsheet from running a text field as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'plain'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),plain\r\n`);
  });

  it('reads the rows a chunk at a time until a chunk is empty', async () => {
    const asked: (number | null)[] = [];
    const data = [5, 4, 3, 2, 1];
    const next = async (after: number | null) => {
      asked.push(after);
      const rows = data.filter((n) => after === null || n < after).slice(0, 2);
      return { rows, last: rows.at(-1) ?? null };
    };
    let text = '';
    for await (const part of csvFile(['n'], next, (n) => [n])) text += part;
    expect(text).toBe('n\r\n5\r\n4\r\n3\r\n2\r\n1\r\n');
    expect(asked).toEqual([null, 4, 2, 1]);
  });
});
