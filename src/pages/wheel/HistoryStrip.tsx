import { Link } from 'react-router';
import { WHEEL_LAYOUT, WHEEL_MULTIPLIERS } from '../../../core/games/wheel.ts';
import type { WheelHistoryPoint } from '../../../core/protocol/wheelEvents.ts';
import { colorStyle, multiplierText, wheelFairHref } from '../../features/wheel/wheelColors.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The strip of recent results above the wheel, newest first; each chip links to
// /wheel/provably-fair with its round's hash filled in.

export function HistoryStrip({ history }: { history: WheelHistoryPoint[] }) {
  return (
    <nav className="wheel-strip" aria-label={t('recentResults')} data-testid="wheel-history">
      {history.map((h) => {
        const color = WHEEL_LAYOUT[h.segment]!;
        return (
          <Link key={h.round_id} className={`wheel-strip__chip wheel-strip__chip--${color}`} style={colorStyle(color)} to={wheelFairHref(h.hash, h.round_number)} title={t('chipTitle', { round: String(h.round_number), segment: String(h.segment) })}>
            {multiplierText(WHEEL_MULTIPLIERS[color])}
          </Link>
        );
      })}
    </nav>
  );
}
