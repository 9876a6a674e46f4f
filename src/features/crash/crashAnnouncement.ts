import { formatCoins } from '../../format/format.ts';
import { formatMultiplier } from '../../../scenes/crash/crashChart.ts';
import type { CrashRoundView } from './crashRound.ts';
import { myBet } from './crashRound.ts';

// What the crash page's live region says (src/features/rounds/RoundAnnouncer.tsx): the player's
// own cash-out when it happens, and each round's crash point with the player's outcome. Between
// those moments nothing (an empty region reads nothing), so a flight is never read tick by tick.

export function crashAnnouncement(model: CrashRoundView, userId: number | null): string {
  const round = model.round;
  if (!round) return '';
  const mine = myBet(model, userId);
  const cashedOut = mine?.status === 'cashed_out' && mine.cashed_out_at !== null ? mine : null;
  if (round.status === 'ended' && round.crash_point !== null) {
    const result = `Round #${round.round_number} crashed at ${formatMultiplier(round.crash_point)}.`;
    if (cashedOut) return `${result} You cashed out at ${formatMultiplier(cashedOut.cashed_out_at!)} and won ${formatCoins(cashedOut.payout ?? 0)}.`;
    if (mine?.status === 'lost') return `${result} Your bet of ${formatCoins(mine.amount)} was lost.`;
    return result;
  }
  if (round.status === 'in_progress' && cashedOut) return `You cashed out at ${formatMultiplier(cashedOut.cashed_out_at!)}: ${formatCoins(cashedOut.payout ?? 0)}.`;
  return '';
}
