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
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// /races (docs/rewards.md, "Races"): every running race with what it ranks, its prizes, countdown,
// standing and the player's own place; asked again when the balance moves (a bet settling) and every
// 15 seconds. A player on a break is shown no race.

const REFRESH_MS = 15_000;
// Keys of the catalog, read when rendering.
const METRIC_TEXT: Record<Race['metric'], { rule: keyof typeof messages; column: keyof typeof messages }> = {
  wagered: { rule: 'ruleWagered', column: 'columnWagered' },
  net_won: { rule: 'ruleNetWon', column: 'columnNetWon' },
  best_multiplier: { rule: 'ruleBestMultiplier', column: 'columnMultiplier' },
  win_amount: { rule: 'ruleWinAmount', column: 'columnWon' },
};

function Value({ race, value }: { race: Race; value: number }) {
  return race.metric === 'best_multiplier' ? <span className="amount tabular">{value.toFixed(2)}×</span> : <Coins value={value} />;
}

/** What a race counts: one box's openings, one game's bets, or every game's (the rule's `scope`). */
function scopeOf(race: Race): { scope: string; box: string; game: string } {
  return { scope: race.box ? 'oneBox' : race.game ? 'oneGame' : 'any', box: race.box?.name ?? '', game: race.game ?? '' };
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
          {t('rule', { rule: t(METRIC_TEXT[race.metric].rule), ...scopeOf(race), prizes: race.prizes.map((p, i) => `${i + 1}. ${p.toFixed(2)}`).join(' · ') })}
          {race.metric === 'best_multiplier' && ` ${t('multipliersFrom', { stake: race.min_stake.toFixed(2) })}`}
        </>
      }
      endsAt={race.ends_at}
    >
      <p className="rewards-note" data-testid="race-my-place">
        {race.me ? t('yourPlace', { rank: race.me.rank }) : t('noPlace')}
      </p>
      {race.rows.length === 0 ? (
        <p className="rewards-note">{t('nobodyScored')}</p>
      ) : (
        <HeadedTable kind="race" label={t('standings')} headings={['#', t('player'), t(METRIC_TEXT[race.metric].column), t('prize')]}>
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
          <h1>{t('title')}</h1>
          <p className="rewards-note">
            {richText(t, 'intro', { leaderboard: <Link to="/leaderboard">{t('leaderboard')}</Link>, missions: <Link to="/missions">{t('missions')}</Link> })}
          </p>
        </div>
      </header>
      {!answer ? (
        <Spinner />
      ) : answer.paused ? (
        <p className="rewards-note" data-testid="races-paused">
          {t('paused')}
        </p>
      ) : answer.races.length === 0 ? (
        <p className="rewards-note">{t('noRace')}</p>
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
