import { describe, expect, it } from 'vitest';
import { utcText } from '../../core/text/dates.ts';
import { formatDateTime } from '../../src/format/format.ts';
import { keptNote } from '../../src/features/boxes/keptNote.ts';

// Copy that once read wrong: one date format for the server's texts and the pages (docs/product.md
// §9), and the kept items' line in one number throughout.

describe('display copy', () => {
  it('names a moment in the server’s texts in the pages’ format (German short date and time), in UTC', () => {
    const at = new Date(Date.UTC(2026, 10, 27, 0, 0));
    expect(utcText(at)).toBe('27.11.26, 00:00 UTC');
    // The same shape as the pages' own dates: "dd.mm.yy, hh:mm".
    expect(formatDateTime(at)).toMatch(/^\d\d\.\d\d\.\d\d, \d\d:\d\d$/);
  });

  it('says "it" of one kept item and "them" of several', () => {
    expect(keptNote(['Cap'])).toEqual({ before: 'Cap is in your ', after: ': ship or sell it any time.' });
    expect(keptNote(['Cap', 'Mug', 'Pen'])).toEqual({ before: '3 items are in your ', after: ': ship or sell them any time.' });
  });
});
