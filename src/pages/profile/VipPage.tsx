import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { Crown } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useBalance } from '../../stores/balance.ts';
import { vip, vipRakebackClaim, vipRankBonusClaim } from '../../../core/protocol/routes/vip.ts';
import type { VipState } from '../../../core/protocol/vip.ts';
import '../../features/rewards/rewards.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import shellMessages from '../../app/layout/i18n/en-US.json';

const t = translator(messages);
const tShell = translator(shellMessages);

// /profile/vip (docs/vip.md): the ranks with their published benefits, the player's rank, their
// rakeback growing as bets settle (asked again when the balance moves, as every settled bet moves it;
// at most every 3 seconds while an auto-bet streams them, since each ask sums the player's journal) with the
// Claim button, and the rank-up bonuses to claim. On a break nothing is offered; with a loss limit
// reached no "wager more" line is shown (the server leaves wager_left out).

const RELOAD_GAP_MS = 3_000;

export default function VipPage() {
  const [state, setState] = useState<VipState | null>(null);
  const [claiming, setClaiming] = useState<'rakeback' | 'rank' | null>(null);
  const version = useBalance((s) => s.newest?.version ?? 0);
  const load = useCallback(async () => {
    try {
      setState((await call(vip, {})).data);
    } catch (e) {
      toast.error(apiErrorText(e));
    }
  }, []);
  const lastLoad = useRef(0);
  useEffect(() => {
    const timer = setTimeout(
      () => {
        lastLoad.current = Date.now();
        void load();
      },
      Math.max(0, lastLoad.current + RELOAD_GAP_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [load, version]);

  const claimRakeback = async () => {
    setClaiming('rakeback');
    try {
      const answer = await call(vipRakebackClaim, {});
      toast.success(answer.msg);
      // The settled figures are the claim's own answer.
      setState((s) => (s ? { ...s, rakeback: answer.data.rakeback } : s));
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setClaiming(null);
    }
  };
  const claimRankBonus = async () => {
    setClaiming('rank');
    try {
      toast.success((await call(vipRankBonusClaim, {})).msg);
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setClaiming(null);
      void load();
    }
  };

  if (!state) return <Spinner />;
  const { rakeback } = state;
  return (
    <div className="rewards-page" data-testid="vip-page">
      <header className="rewards-hero">
        <div>
          <h1>
            <Crown size={22} aria-hidden /> {t('vipTitle')}
          </h1>
          <p className="rewards-note">{t('vipIntro')}</p>
        </div>
      </header>
        <section className="panel rewards-panel cashback-card" aria-label={t('yourRank')}>
          <h2 data-testid="vip-rank">
            {tShell('levelTitle', { badge: state.rank.name, level: state.level })}
          </h2>
          {state.paused ? (
            <p className="rewards-note" data-testid="vip-paused">
              {t('vipPaused')}
            </p>
          ) : (
            <>
              <dl className="cashback-figures">
                {(
                  [
                    ['rakebackToClaim', 'vip-claimable', rakeback.claimable],
                    ['earnedSoFar', 'vip-earned', rakeback.earned],
                  ] as const
                ).map(([label, testId, value]) => (
                  <div key={testId}>
                    <dt>{t(label)}</dt>
                    <dd data-testid={testId}>
                      <Coins value={value} />
                    </dd>
                  </div>
                ))}
                <div>
                  <dt>{t('yourRakeback')}</dt>
                  <dd className="tabular">
                    {rakeback.percent}%<small>{t('ofHouseEdge')}</small>
                  </dd>
                </div>
              </dl>
              <Button size="large" block loading={claiming === 'rakeback'} disabled={rakeback.claimable <= 0} onClick={claimRakeback}>
                {rakeback.claimable > 0 ? t('claimRakeback') : t('nothingToClaim')}
              </Button>
              {state.rank_bonuses.length > 0 && (
                <Button variant="secondary" block loading={claiming === 'rank'} onClick={claimRankBonus} data-testid="vip-rank-bonus">
                  {t('claimRankBonus', { bonuses: state.rank_bonuses.map((b) => `${b.name} ${b.amount.toFixed(2)}`).join(', ') })}
                </Button>
              )}
            </>
          )}
          {state.next && state.next.wager_left !== null && (
            <p className="rewards-note" data-testid="vip-next">
              {t('nextRank', { rank: state.next.name, level: state.next.min_level, wager: state.next.wager_left.toFixed(2) })}
            </p>
          )}
        </section>
        <section className="panel rewards-panel" aria-label={t('ranks')}>
          <h2>{t('ranksAndBenefits')}</h2>
          {/* Scrolls inside itself on a narrow phone; focusable so a keyboard can scroll it. */}
          <div className="race-table-wrap" tabIndex={0} role="region" aria-label={t('ranksTable')}>
            <table className="race-table vip-tiers" data-testid="vip-tiers">
              <thead>
                <tr>
                  <th>{t('colRank')}</th>
                  <th>{t('colLevels')}</th>
                  <th>{t('colRakeback')}</th>
                  <th>{t('colRankBonus')}</th>
                  <th>{t('colCashback')}</th>
                  <th>{t('colFreeBoxes')}</th>
                </tr>
              </thead>
              <tbody>
                {state.tiers.map((tier, i) => (
                  <tr key={tier.tier} className={tier.tier === state.rank.tier ? 'is-me' : undefined}>
                    <td>{tier.name}</td>
                    <td className="tabular">{state.tiers[i + 1] ? `${tier.min_level}–${state.tiers[i + 1]!.min_level - 1}` : `${tier.min_level}+`}</td>
                    <td className="tabular">{tier.rakeback_percent}%</td>
                    <td className="tabular">{tier.rank_bonus > 0 ? tier.rank_bonus.toFixed(2) : '—'}</td>
                    <td className="tabular">{tier.cashback_percent}%</td>
                    <td className="tabular">{tier.free_boxes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="rewards-note">{t('vipFootnote')}</p>
        </section>
    </div>
  );
}
