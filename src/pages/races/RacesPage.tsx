import { useCallback, useEffect, useState } from 'react';
import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { RewardsCard } from '../../features/rewards/RewardsCard.tsx';
import { MyPlaceRow } from '../../features/rewards/MyPlaceRow.tsx';
import { useBalance } from '../../stores/balance.ts';
import { useSession } from '../../stores/session.ts';
import { races as racesRoute } from '../../../core/protocol/routes/races.ts';
import type { Race, RacesAnswer } from '../../../core/protocol/races.ts';
import '../../features/games/gamePage.css';
import '../../features/rewards/rewards.css';
import { StandingPlayer } from '../../features/rewards/StandingPlayer.tsx';

// /races (docs/rewards.md, "Races"): every running race with what it ranks, its prizes, countdown,
// standing and the player's own place; asked again when the balance moves (a bet settling) and every
// 15 seconds. A player on a break is shown no race.

const REFRESH_MS = 15_000;
const METRIC_TEXT: Record<Race['metric'], { rule: string; column: string }> = {
  wagered: { rule: 'Most wagered', column: 'Wagered' },
  net_won: { rule: 'Most won (payouts minus stakes)', column: 'Net won' },
  best_multiplier: { rule: 'Best multiplier', column: 'Multiplier' },
  win_amount: { rule: 'Biggest wins (what bets paid back)', column: 'Won' },
};

function Value({ race, value }: { race: Race; value: number }) {
  return race.metric === 'best_multiplier' ? <span className="amount tabular">{value.toFixed(2)}×</span> : <Coins value={value} />;
}

function scopeText(race: Race): string {
  if (race.box) return `openings of ${race.box.name}`;
  if (race.game) return `only ${race.game}`;
  return 'every game';
}

function RaceCard({ race }: { race: Race }) {
  const mineShown = race.me !== null && race.rows.some((r) => r.rank === race.me!.rank);
  return (
    <RewardsCard
      name={race.name}
      icon={<Flag size={18} aria-hidden />}
      testId={`race-${race.kind}`}
      rule={
        <>
          {METRIC_TEXT[race.metric].rule}, {scopeText(race)}. Prizes: {race.prizes.map((p, i) => `${i + 1}. ${p.toFixed(2)}`).join(' · ')} coins.
          {race.metric === 'best_multiplier' && ` Multipliers count from a bet of ${race.min_stake.toFixed(2)} coins.`}
        </>
      }
      endsAt={race.ends_at}
    >
      <p className="rewards-note" data-testid="race-my-place">
        {race.me ? `Your place: ${race.me.rank}` : 'You have no place yet: settled bets placed during the race count.'}
      </p>
      {race.rows.length === 0 ? (
        <p className="rewards-note">Nobody has scored yet.</p>
      ) : (
        <HeadedTable kind="race" label="Standings" headings={['#', 'Player', METRIC_TEXT[race.metric].column, 'Prize']}>
          {race.rows.map((row) => (
            <tr key={row.rank} className={race.me?.rank === row.rank ? 'is-me' : undefined}>
              <td className="tabular">{row.rank}</td>
              <td>
                <StandingPlayer name={row.name} level={row.level} />
              </td>
              <td>
                <Value race={race} value={row.value} />
              </td>
              <td>{row.prize > 0 ? <Coins value={row.prize} /> : '—'}</td>
            </tr>
          ))}
          {race.me && !mineShown && (
            <MyPlaceRow rank={race.me.rank}>
              <Value race={race} value={race.me.value} />
            </MyPlaceRow>
          )}
        </HeadedTable>
      )}
    </RewardsCard>
  );
}

export default function RacesPage() {
  const userId = useSession((s) => s.user?.id ?? null);
  const version = useBalance((s) => s.newest?.version ?? 0);
  const [answer, setAnswer] = useState<RacesAnswer['data'] | null>(null);
  const load = useCallback(async () => {
    try {
      setAnswer((await call(racesRoute, { query: { limit: 10 } })).data);
    } catch (error) {
      console.warn('races failed', error);
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, version, userId]);
  return (
    <div className="rewards-page" data-testid="races-page">
      <header className="rewards-hero">
        <div>
          <h1>Races</h1>
          <p className="rewards-note">
            Every settled bet placed during a race counts in it. Prizes are credited when the race closes. See also the <Link to="/leaderboard">weekly leaderboard</Link> and the <Link to="/missions">challenges and missions</Link>.
          </p>
        </div>
      </header>
      {!answer ? (
        <Spinner />
      ) : answer.paused ? (
        <p className="rewards-note" data-testid="races-paused">
          Races are paused during your break.
        </p>
      ) : answer.races.length === 0 ? (
        <p className="rewards-note">No race is running right now.</p>
      ) : (
        <div className="rewards-grid">
          {answer.races.map((race) => (
            <RaceCard key={race.id} race={race} />
          ))}
        </div>
      )}
    </div>
  );
}
