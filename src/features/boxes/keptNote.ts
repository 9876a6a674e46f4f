import { plural } from '../../../core/text/plural.ts';

// The line under the box reel once the opened items are kept: what went to the inventory and what to
// do with it, in one number throughout ("Cap is … sell it", "3 items are … sell them": the line once
// said "3 items are in your inventory: ship or sell it").

/** The words before and after the inventory link, for the names of the kept items. */
export function keptNote(names: readonly string[]): { before: string; after: string } {
  const one = names.length === 1;
  return { before: `${one ? names[0]! : plural(names.length, 'item')} ${one ? 'is' : 'are'} in your `, after: `: ship or sell ${one ? 'it' : 'them'} any time.` };
}
