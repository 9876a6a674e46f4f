import { upgradeTicketPercent } from '../../../core/games/upgrade.ts';

// An upgrade's outcome as the player reads it: a miss is a game result (where the needle stopped
// against the chance), told in the same calm voice as a dice roll, never like an error.
export function upgradeResultText(result: { win: boolean; chance: number; roll: number; item?: { item: { name: string } } | null }): string {
  const stopped = upgradeTicketPercent(result.roll).toFixed(3);
  if (result.win) return `Upgraded to ${result.item?.item.name ?? 'your target'}: the needle stopped at ${stopped}, inside your ${result.chance.toFixed(3)}%.`;
  return `No upgrade this time: the needle stopped at ${stopped}, outside your ${result.chance.toFixed(3)}%.`;
}
