import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Gift } from 'lucide-react';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Countdown } from '../../features/rewards/Countdown.tsx';
import { useCashback } from '../../features/rewards/cashbackStore.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { CASHBACK_TIERS, STAKE_EDGE_BP } from '../../../core/games/rewards.ts';
import type { CashbackClaimAnswer } from '../../../core/protocol/rewards.ts';
import '../../features/rewards/rewards.css';

// /cashback (docs/rewards.md): how the daily cashback is earned (the rates by level and the house
// edge per game), what accrued today and what can be claimed now, the countdown to 21:00 UTC and
// the claim button.

const EDGES = [
  { label: 'Dice, plinko, crash', bp: STAKE_EDGE_BP.dice! },
  { label: 'Upgrade', bp: STAKE_EDGE_BP.upgrade! },
  { label: 'Boxes and battles', bp: STAKE_EDGE_BP.box! },
];

export default function CashbackPage() {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const state = useCashback((s) => s.state);
  const load = useCashback((s) => s.load);
  const [claiming, setClaiming] = useState(false);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) void load(userId);
  }, [userId, load]);

  const claim = async () => {
    if (!user) return openModal('login');
    setClaiming(true);
    try {
      const res = await api.post<CashbackClaimAnswer>('/api/cashback/claim');
      toast.success(res.data.msg);
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setClaiming(false);
      void load(user.id);
    }
  };

  return (
    <div className="rewards-page" data-testid="cashback-page">
      <header className="rewards-hero">
        <div>
          <h1>Cashback</h1>
          <p className="rewards-note">
            Part of what you play returns to you every day. Each bet, box opening and battle seat earns a share of the house edge; the day closes at 21:00 UTC and what it
            earned can be claimed until the next close.
          </p>
        </div>
        {state && <Countdown target={state.next_at} label="Time until the next cashback" />}
      </header>
      <div className="rewards-grid">
        <section className="panel rewards-panel cashback-card" aria-label="Your cashback">
          <h2>
            <Gift size={18} aria-hidden /> Your cashback
          </h2>
          {!user ? (
            <Button onClick={() => openModal('login')}>Log in to see your cashback</Button>
          ) : !state ? (
            <Spinner />
          ) : (
            <>
              <dl className="cashback-figures">
                <div>
                  <dt>Claimable now</dt>
                  <dd data-testid="cashback-claimable">
                    <Coins value={state.claimable} />
                  </dd>
                </div>
                <div>
                  <dt>Accrued today</dt>
                  <dd data-testid="cashback-accrued">
                    <Coins value={state.accrued} />
                  </dd>
                </div>
                <div>
                  <dt>Your rate</dt>
                  <dd className="tabular" data-testid="cashback-rate">
                    {state.rate}%<small>of the house edge</small>
                  </dd>
                </div>
              </dl>
              <Button size="large" block loading={claiming} disabled={state.claimable <= 0} onClick={claim}>
                {state.claimable > 0 ? 'Claim cashback' : 'Nothing to claim yet'}
              </Button>
            </>
          )}
        </section>
        <section className="panel rewards-panel" aria-label="Rates">
          <h2>Rates by level</h2>
          <table className="race-table">
            <thead>
              <tr>
                <th>Level</th>
                <th>Share of the house edge</th>
              </tr>
            </thead>
            <tbody>
              {CASHBACK_TIERS.map((t, i) => (
                <tr key={t.minLevel} className={user && user.user_level.level >= t.minLevel && user.user_level.level < (CASHBACK_TIERS[i + 1]?.minLevel ?? Infinity) ? 'is-me' : undefined}>
                  <td className="tabular">{CASHBACK_TIERS[i + 1] ? `${t.minLevel}–${CASHBACK_TIERS[i + 1]!.minLevel - 1}` : `${t.minLevel}+`}</td>
                  <td className="tabular">{t.rate}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>House edge by game</h2>
          <table className="race-table">
            <tbody>
              {EDGES.map((e) => (
                <tr key={e.label}>
                  <td>{e.label}</td>
                  <td className="tabular">{e.bp / 100}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="rewards-note">Example: at 10%, 100.00 coins of dice earn 0.10 coins; 100.00 coins of boxes earn 1.00 coin. Refunded bets do not count; a day not claimed by the next close lapses.</p>
        </section>
      </div>
    </div>
  );
}
