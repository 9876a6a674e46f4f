import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { CheckCircle2, Target, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { apiErrorText } from '../../api/http.ts';
import { call, callResponse } from '../../api/call.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { HeadedTable } from '../../components/HeadedTable.tsx';
import { RewardsCard } from '../../features/rewards/RewardsCard.tsx';
import { BadgeList } from '../../features/missions/Badges.tsx';
import { useBalance } from '../../stores/balance.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { challenges as challengesRoute, missionClaim, missions as missionsRoute } from '../../../core/protocol/routes/missions.ts';
import type { Challenge, ChallengesAnswer, MissionsAnswer } from '../../../core/protocol/missions.ts';
import '../../features/rewards/rewards.css';
import '../../features/missions/missions.css';
import { StandingPlayer } from '../../features/rewards/StandingPlayer.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// /missions (docs/rewards.md, "Challenges" and "Missions"): the console's challenges with their rule,
// prize and winners (each winning bet linked to its public page and fairness data), the player's
// missions with their claim buttons, and their badges. Asked again when the balance moves and every
// 15 seconds. A player on a break is shown neither; a player whose loss limit is reached is shown no
// offer to play.

const REFRESH_MS = 15_000;

/** What a challenge counts: one box's openings, one game's bets, or any game's (the rule's `scope`). */
function scopeOf(c: Challenge): { scope: string; box: string; game: string } {
  return { scope: c.box ? 'oneBox' : c.game ? 'oneGame' : 'any', box: c.box?.name ?? '', game: c.game ?? '' };
}

function ChallengeCard({ c }: { c: Challenge }) {
  return (
    <RewardsCard
      name={c.name}
      icon={<Target size={18} aria-hidden />}
      testId="challenge"
      ruleClassName="challenge-rule"
      rule={t('challengeRule', {
        winners: c.winners,
        multiplier: c.multiplier.toFixed(2),
        ...scopeOf(c),
        stake: c.min_stake.toFixed(2),
        prize: c.prize.toFixed(2),
        won: c.rows.length,
      })}
      endsAt={c.open ? c.ends_at : null}
    >
      {c.rows.length === 0 ? (
        <p className="rewards-note">{t('nobodyReached')}</p>
      ) : (
        <HeadedTable kind="race" label={t('winners')} headings={['#', t('player'), t('multiplier'), t('bet')]}>
          {c.rows.map((row) => (
            <tr key={row.place}>
              <td className="tabular">{row.place}</td>
              <td>
                <StandingPlayer name={row.name} level={row.level} />
              </td>
              <td className="tabular">{row.multiplier.toFixed(2)}×</td>
              <td>
                <Link to={`/bets/${row.bet}`} title={t('verifyTitle')}>
                  {t('verify')}
                </Link>
                {!row.paid && <span className="rewards-note"> {t('paying')}</span>}
              </td>
            </tr>
          ))}
        </HeadedTable>
      )}
    </RewardsCard>
  );
}

function MissionsPanel({ answer, reload }: { answer: MissionsAnswer['data']; reload: () => void }) {
  const [claiming, setClaiming] = useState<string | null>(null);
  const claim = async (id: string) => {
    setClaiming(id);
    try {
      toast.success((await callResponse(missionClaim, { params: { id } })).data.msg);
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setClaiming(null);
      reload();
    }
  };
  return (
    <section className="panel rewards-panel" aria-label={t('missions')} data-testid="missions">
      <h2>
        <Trophy size={18} aria-hidden /> {t('missions')}
      </h2>
      <p className="rewards-note">{t('missionsNote')}</p>
      {answer.limit_reached && <p className="rewards-note">{t('missionsLimit')}</p>}
      <ul className="mission-list">
        {answer.missions.map((m) => (
          <li key={m.id} className={`mission-row${m.done ? ' is-done' : ''}`} data-testid={`mission-${m.id}`}>
            <span className="mission-row__text">
              <span className="mission-row__title">{m.title}</span>
              <span className="mission-row__desc">{m.description}</span>
            </span>
            <span className="mission-row__side">
              <Coins value={m.reward} />
              {m.claimed ? (
                <span className="rewards-note">
                  <CheckCircle2 size={14} aria-hidden /> {t('claimed')}
                </span>
              ) : m.done ? (
                <Button size="small" onClick={() => void claim(m.id)} disabled={claiming !== null}>
                  {t('claim')}
                </Button>
              ) : (
                <span className="rewards-note">{t('toDo')}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <h2>{t('yourBadges')}</h2>
      <BadgeList badges={answer.badges} />
    </section>
  );
}

export default function MissionsPage() {
  const userId = useSession((s) => s.user?.id ?? null);
  const openModal = useModals((s) => s.open);
  const version = useBalance((s) => s.newest?.version ?? 0);
  const [challenges, setChallenges] = useState<ChallengesAnswer['data'] | null>(null);
  const [missions, setMissions] = useState<MissionsAnswer['data'] | null>(null);
  const load = useCallback(async () => {
    try {
      setChallenges((await call(challengesRoute, {})).data);
      setMissions(userId === null ? null : (await call(missionsRoute, {})).data);
    } catch (error) {
      console.warn('missions failed', error);
    }
  }, [userId]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, version]);
  const paused = challenges?.paused || missions?.paused;
  return (
    <div className="rewards-page" data-testid="missions-page">
      <header className="rewards-hero">
        <div>
          <h1>{t('title')}</h1>
          <p className="rewards-note">
            {richText(t, 'intro', { races: <Link to="/races">{t('races')}</Link> })}
          </p>
        </div>
      </header>
      {!challenges ? (
        <Spinner />
      ) : paused ? (
        <p className="rewards-note" data-testid="missions-paused">
          {t('paused')}
        </p>
      ) : (
        <div className="rewards-grid">
          <div className="rewards-panel">
            {challenges.limit_reached ? (
              <p className="rewards-note">{t('challengesLimit')}</p>
            ) : challenges.challenges.length === 0 ? (
              <p className="rewards-note">{t('noChallenge')}</p>
            ) : (
              challenges.challenges.map((c) => <ChallengeCard key={c.id} c={c} />)
            )}
          </div>
          {missions ? (
            <MissionsPanel answer={missions} reload={() => void load()} />
          ) : (
            <section className="panel rewards-panel" aria-label={t('missions')}>
              <Button onClick={() => openModal('login')}>{t('logIn')}</Button>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
