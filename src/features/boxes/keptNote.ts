import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

// The line under the box reel once the opened items are kept: what went to the inventory and what to
// do with it, in one number throughout ("Cap is … sell it", "3 items are … sell them": the line once
// said "3 items are in your inventory: ship or sell it").

const t = translator(messages);
/** Stands for the inventory link inside the message, to cut the words around it. */
const LINK = '\u0001';

/** The words before and after the inventory link, for the names of the kept items. */
export function keptNote(names: readonly string[]): { before: string; after: string } {
  const line = names.length === 1 ? t('keptOne', { name: names[0]!, inventory: LINK }) : t('keptMany', { count: names.length, inventory: LINK });
  const [before = '', after = ''] = line.split(LINK);
  return { before, after };
}

/** The inventory link's words in that line. */
export function keptNoteLink(): string {
  return t('keptInventoryLink');
}
