import { WHEEL_MULTIPLIERS, wheelColorAt, wheelPayout } from '../../../core/games/wheel.ts';
import { coinsToCents, formatCents } from '../../../core/money/cents.ts';
import type { WheelBet, WheelRoundState } from '../../../core/protocol/wheelEvents.ts';
import { multiplierText } from './wheelColors.ts';
import { colorName } from './wheelColorNames.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from '../../pages/wheel/i18n/en-US.json';

const t = translator(messages);

// What the wheel page's live region says (src/features/rounds/RoundAnnouncer.tsx): each round's
// result once the spin has landed on the canvas (not when the server announced it: the wheel is
// still turning then), with what the player's bets of the round won; a void round's refund.
// Nothing between (no countdown seconds).

/** The round whose spin has landed (the scene's play of it settled). */
export interface LandedSpin {
  roundId: number;
}

export function wheelAnnouncement(round: WheelRoundState | null, landed: LandedSpin | null, mine: readonly WheelBet[]): string {
  if (!round || round.round_id === 0) return '';
  if (round.voided) return t('announceVoid', { round: String(round.round_number) });
  if (!landed || landed.roundId !== round.round_id || round.segment === null) return '';
  const segment = round.segment;
  const color = wheelColorAt(segment);
  const result = t('announceResult', { round: String(round.round_number), color: colorName(color), multiplier: multiplierText(WHEEL_MULTIPLIERS[color]) });
  const played = mine.filter((b) => b.status !== 'canceled' && b.status !== 'refunded');
  if (played.length === 0) return result;
  const won = played.reduce((sum, b) => sum + wheelPayout(coinsToCents(b.amount) ?? 0, b.color, segment), 0);
  return won > 0 ? t('announceWon', { result, amount: formatCents(won) }) : t('announceNoWin', { result });
}
