import { useEffect } from 'react';
import { Link } from 'react-router';
import { Timer } from 'lucide-react';
import { countdownText, nextCashbackAt } from './cashbackCountdown.ts';
import { useNow } from '../useNow.ts';
import { useSession } from '../../stores/session.ts';
import { useCashback } from '../../features/rewards/cashbackStore.ts';
import { useCashbackStrip } from './cashbackStrip.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** How often the banner asks again whether cashback has accrued (bets change it). */
const REFRESH_MS = 60_000;

/**
 * Signed-in players' cashback countdown to the next cashback time (the server's next_at, 21:00
 * UTC; the local 21:00 until it is known). Hidden in the cashback's hidden state: nothing accrued
 * or claimable, or today's cashback already claimed (docs/rewards.md).
 */
export function CashbackBanner({ placement, foldable = false }: { placement: 'top' | 'aside' | 'sidebar'; foldable?: boolean }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const state = useCashback((s) => s.state);
  // The clock runs only while the countdown shows: a hidden banner rendered nothing every second.
  // While hidden, the minute's refresh below finds a state that shows again.
  const nowMs = useNow(!state?.hidden);
  const now = new Date(nowMs);
  const load = useCashback((s) => s.load);
  const setFolded = useCashbackStrip((s) => s.setFolded);
  useEffect(() => {
    if (userId === null) return;
    void load(userId);
    const timer = setInterval(() => void load(userId), REFRESH_MS);
    return () => clearInterval(timer);
  }, [userId, load]);
  const target = state ? new Date(state.next_at) : nextCashbackAt(now);
  // Past the boundary the state is stale (yesterday's accrual is claimable now): ask again.
  useEffect(() => {
    if (userId !== null && state && nowMs >= new Date(state.next_at).getTime()) void load(userId);
  }, [nowMs, state, userId, load]);
  if (state?.hidden) return null;
  const link = (
    <Link to="/cashback" className={`cashback-banner cashback-banner--${placement}`} data-testid="cashback-banner">
      <span className="cashback-banner__icon">
        <Timer size={18} aria-hidden />
      </span>
      <span className="cashback-banner__label">{t('cashbackIn')}</span>
      <span className="cashback-banner__time tabular">{countdownText(now, target)}</span>
    </Link>
  );
  if (!foldable) return link;
  // The strip under the header folds into a button at the start of the live drops row (or, on pages
  // without that row, into the menu's own countdown), giving the page its row back.
  return (
    <div className="cashback-strip">
      {link}
      <button type="button" className="cashback-strip__fold" aria-label={t('hideCashback')} onClick={() => setFolded(true)}>
        <span className="cashback-strip__chevron" aria-hidden />
      </button>
    </div>
  );
}
