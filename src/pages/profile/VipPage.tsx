import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
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
            <Crown size={22} aria-hidden /> VIP ranks
          </h1>
          <p className="rewards-note">
            Your rank follows your level. Every settled bet pays back a share of its house edge as rakeback, claimable at once; each new rank brings a bonus. Rewards pause
            during a break, and we never ask you to wager more to reach a rank.
          </p>
        </div>
      </header>
        <section className="panel rewards-panel cashback-card" aria-label="Your rank">
          <h2 data-testid="vip-rank">
            {state.rank.name} · level {state.level}
          </h2>
          {state.paused ? (
            <p className="rewards-note" data-testid="vip-paused">
              VIP rewards are paused during your break.
            </p>
          ) : (
            <>
              <dl className="cashback-figures">
                {(
                  [
                    ['Rakeback to claim', 'vip-claimable', rakeback.claimable],
                    ['Earned so far', 'vip-earned', rakeback.earned],
                  ] as const
                ).map(([label, testId, value]) => (
                  <div key={testId}>
                    <dt>{label}</dt>
                    <dd data-testid={testId}>
                      <Coins value={value} />
                    </dd>
                  </div>
                ))}
                <div>
                  <dt>Your rakeback</dt>
                  <dd className="tabular">
                    {rakeback.percent}%<small>of the house edge</small>
                  </dd>
                </div>
              </dl>
              <Button size="large" block loading={claiming === 'rakeback'} disabled={rakeback.claimable <= 0} onClick={claimRakeback}>
                {rakeback.claimable > 0 ? 'Claim rakeback' : 'Nothing to claim yet'}
              </Button>
              {state.rank_bonuses.length > 0 && (
                <Button variant="secondary" block loading={claiming === 'rank'} onClick={claimRankBonus} data-testid="vip-rank-bonus">
                  Claim rank-up bonus: {state.rank_bonuses.map((b) => `${b.name} ${b.amount.toFixed(2)}`).join(', ')} coins
                </Button>
              )}
            </>
          )}
          {state.next && state.next.wager_left !== null && (
            <p className="rewards-note" data-testid="vip-next">
              {state.next.name} starts at level {state.next.min_level} ({state.next.wager_left.toFixed(2)} coins of play from here).
            </p>
          )}
        </section>
        <section className="panel rewards-panel" aria-label="Ranks">
          <h2>Ranks and benefits</h2>
          {/* Scrolls inside itself on a narrow phone; focusable so a keyboard can scroll it. */}
          <div className="race-table-wrap" tabIndex={0} role="region" aria-label="Ranks table">
            <table className="race-table vip-tiers" data-testid="vip-tiers">
              <thead>
                <tr>
                  <th>Rank</th>
                  <th>Levels</th>
                  <th>Rakeback</th>
                  <th>Rank-up bonus</th>
                  <th>Cashback</th>
                  <th>Free boxes</th>
                </tr>
              </thead>
              <tbody>
                {state.tiers.map((t, i) => (
                  <tr key={t.tier} className={t.tier === state.rank.tier ? 'is-me' : undefined}>
                    <td>{t.name}</td>
                    <td className="tabular">{state.tiers[i + 1] ? `${t.min_level}–${state.tiers[i + 1]!.min_level - 1}` : `${t.min_level}+`}</td>
                    <td className="tabular">{t.rakeback_percent}%</td>
                    <td className="tabular">{t.rank_bonus > 0 ? t.rank_bonus.toFixed(2) : '—'}</td>
                    <td className="tabular">{t.cashback_percent}%</td>
                    <td className="tabular">{t.free_boxes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="rewards-note">
            Rakeback and cashback are shares of the house edge: 1 − the game’s published return for your bet. A rank-up bonus is bonus money to wager once within 30 days.
          </p>
        </section>
    </div>
  );
}
