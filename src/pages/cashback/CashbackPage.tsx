import { useEffect, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { Gift } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Countdown } from '../../features/rewards/Countdown.tsx';
import { useCashback } from '../../features/rewards/cashbackStore.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { CASHBACK_TIERS, STAKE_EDGE_BP } from '../../../core/games/rewards.ts';
import '../../features/rewards/rewards.css';
import { callResponse } from '../../api/call.ts';
import { cashbackClaim } from '../../../core/protocol/routes/player.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /cashback (docs/rewards.md): how the daily cashback is earned (the rates by level and the house
// edge per game), what accrued today and what can be claimed now, the countdown to 21:00 UTC and
// the claim button.

const EDGES: { label: keyof typeof messages; bp: number }[] = [
  { label: 'edgeDice', bp: STAKE_EDGE_BP.dice! },
  { label: 'edgeUpgrade', bp: STAKE_EDGE_BP.upgrade! },
  { label: 'edgeBoxes', bp: STAKE_EDGE_BP.box! },
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
      const res = await callResponse(cashbackClaim, {});
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
          <h1>{t('title')}</h1>
          <p className="rewards-note">
            {t('intro')}
          </p>
        </div>
        {state && <Countdown target={state.next_at} label={t('timeUntilNext')} />}
      </header>
      <div className="rewards-grid">
        <section className="panel rewards-panel cashback-card" aria-label={t('yourCashback')}>
          <h2>
            <Gift size={18} aria-hidden /> {t('yourCashback')}
          </h2>
          {!user ? (
            <Button onClick={() => openModal('login')}>{t('logIn')}</Button>
          ) : !state ? (
            <Spinner />
          ) : (
            <>
              <dl className="cashback-figures">
                <div>
                  <dt>{t('claimable')}</dt>
                  <dd data-testid="cashback-claimable">
                    <Coins value={state.claimable} />
                  </dd>
                </div>
                <div>
                  <dt>{t('accrued')}</dt>
                  <dd data-testid="cashback-accrued">
                    <Coins value={state.accrued} />
                  </dd>
                </div>
                <div>
                  <dt>{t('yourRate')}</dt>
                  <dd className="tabular" data-testid="cashback-rate">
                    {t('percent', { value: state.rate })}
                    <small>{t('ofHouseEdge')}</small>
                  </dd>
                </div>
              </dl>
              <Button size="large" block loading={claiming} disabled={state.claimable <= 0} onClick={claim}>
                {state.claimable > 0 ? t('claim') : t('nothingToClaim')}
              </Button>
            </>
          )}
        </section>
        <section className="panel rewards-panel" aria-label={t('rates')}>
          <h2>{t('ratesByLevel')}</h2>
          <table className="race-table">
            <thead>
              <tr>
                <th>{t('level')}</th>
                <th>{t('shareOfEdge')}</th>
              </tr>
            </thead>
            <tbody>
              {CASHBACK_TIERS.map((tier, i) => (
                <tr key={tier.minLevel} className={user && user.user_level.level >= tier.minLevel && user.user_level.level < (CASHBACK_TIERS[i + 1]?.minLevel ?? Infinity) ? 'is-me' : undefined}>
                  <td className="tabular">{CASHBACK_TIERS[i + 1] ? `${tier.minLevel}–${CASHBACK_TIERS[i + 1]!.minLevel - 1}` : `${tier.minLevel}+`}</td>
                  <td className="tabular">{t('percent', { value: tier.rate })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('edgeByGame')}</h2>
          <table className="race-table">
            <tbody>
              {EDGES.map((e) => (
                <tr key={e.label}>
                  <td>{t(e.label)}</td>
                  <td className="tabular">{t('percent', { value: e.bp / 100 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="rewards-note">{t('example')}</p>
        </section>
      </div>
    </div>
  );
}
