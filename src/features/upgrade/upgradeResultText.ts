import { upgradeTicketPercent } from '../../../core/games/upgrade.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// An upgrade's outcome as the player reads it: a miss is a game result (where the needle stopped
// against the chance), told in the same calm voice as a dice roll, never like an error.
export function upgradeResultText(result: { win: boolean; chance: number; roll: number; item?: { item: { name: string } } | null }): string {
  const stopped = upgradeTicketPercent(result.roll).toFixed(3);
  const chance = result.chance.toFixed(3);
  if (result.win) return t('resultWin', { name: result.item?.item.name ?? t('yourTarget'), stopped, chance });
  return t('resultMiss', { stopped, chance });
}
