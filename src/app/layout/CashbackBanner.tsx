import { Link } from 'react-router';
import { Timer } from 'lucide-react';
import { countdownText, nextCashbackAt } from './cashbackCountdown.ts';
import { useNow } from './useNow.ts';

/** Signed-in players' cashback countdown to 21:00 local time. */
export function CashbackBanner({ placement }: { placement: 'top' | 'aside' | 'sidebar' }) {
  const now = useNow();
  return (
    <Link to="/cashback" className={`cashback-banner cashback-banner--${placement}`} data-testid="cashback-banner">
      <span className="cashback-banner__icon">
        <Timer size={18} aria-hidden />
      </span>
      <span className="cashback-banner__label">Cashback in</span>
      <span className="cashback-banner__time tabular">{countdownText(now, nextCashbackAt(now))}</span>
    </Link>
  );
}
