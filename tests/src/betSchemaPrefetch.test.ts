import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { prefetchSchema, schemaProblem } from '../../src/features/games/betSchema.ts';

// A bet form's schema (zod, ~22 KiB) is fetched at the viewer's first act on the page, not after the
// page has drawn (src/features/games/betSchema.ts): a page opened and left alone never downloads it
// (bench/bytes counts it), and a bet before any prefetch still loads and checks it.

describe('a bet form schema is fetched on the viewer\'s first act', () => {
  it('waits for an act, then loads once; a cancelled prefetch never loads', async () => {
    const schema = z.object({ amount: z.number().min(0.1) });
    const loader = vi.fn(async () => schema);
    const cancelled = vi.fn(async () => schema);
    const stop = prefetchSchema(loader);
    prefetchSchema(cancelled)();
    await new Promise((r) => setTimeout(r, 50));
    expect(loader).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    stop();
    // After the act, a new page's prefetch starts at once; the loaded schema is shared by the bet.
    expect(await schemaProblem(loader, { amount: 0.05 })).toMatchObject({ field: 'amount' });
    expect(await schemaProblem(loader, { amount: 1 })).toBeNull();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
