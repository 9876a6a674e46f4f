import type { PublicStat } from '../../../core/protocol/publicStats.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

const STAT_KEYS: Record<PublicStat, keyof typeof messages> = {
  wagered: 'statWagered',
  bets: 'statBets',
  best_multiplier: 'statBestMultiplier',
  biggest_win: 'statBiggestWin',
};

/** A public profile figure's name in the page's language (core's PUBLIC_STAT_LABELS are its English). */
export function publicStatLabel(stat: PublicStat): string {
  return t(STAT_KEYS[stat]);
}
