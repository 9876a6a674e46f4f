import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { publicProfile } from '../../../core/protocol/routes/profiles.ts';
import type { AnswerOf } from '../../../core/protocol/route.ts';
import { PUBLIC_STATS, type PublicStat } from '../../../core/protocol/publicStats.ts';
import { useSession } from '../../stores/session.ts';
import { UserAvatar } from '../../app/layout/UserAvatar.tsx';
import { LevelBadge } from '../../app/layout/LevelBadge.tsx';
import { BadgeList } from '../../features/missions/Badges.tsx';
import { TipForm, tipTitle } from '../../features/chat/TipForm.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatCoins, formatDate } from '../../format/format.ts';
import '../profile/profile.css';
import '../../features/chat/ChatPanel.css';
import './players.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /players/{name} (docs/community.md, "Public profiles"): a player's public page as the server answers
// it (GET /api/players/{name}): avatar, name, level and rank, when they joined, their figures of play
// ("Hidden" where they hide one) and their badges; a signed-in player may tip them from here (the
// chat's tip form: the server decides everything, as from the chat).

type PublicProfile = AnswerOf<typeof publicProfile>['data'];

const STAT_LABELS: Record<PublicStat, keyof typeof messages> = {
  wagered: 'statWagered',
  bets: 'statBets',
  best_multiplier: 'statBestMultiplier',
  biggest_win: 'statBiggestWin',
};

const statText = (stat: PublicStat, value: number): string => {
  if (stat === 'bets') return value.toLocaleString('en-US');
  if (stat === 'best_multiplier') return `${value.toFixed(2)}×`;
  return formatCoins(value);
};

export default function PlayerPage() {
  const { name = '' } = useParams();
  const me = useSession((s) => s.user);
  const [state, setState] = useState<{ profile: PublicProfile | null; error: string | null }>({ profile: null, error: null });
  const [tipping, setTipping] = useState(false);
  useEffect(() => {
    let live = true;
    setState({ profile: null, error: null });
    call(publicProfile, { params: { name } })
      .then((r) => live && setState({ profile: r.data, error: null }))
      .catch((e: unknown) => live && setState({ profile: null, error: apiErrorText(e) }));
    return () => {
      live = false;
    };
  }, [name]);
  const { profile, error } = state;
  if (error)
    return (
      <section className="page player-page">
        <h1>{error}</h1>
      </section>
    );
  if (!profile) return <Spinner />;
  const own = me !== null && me.name.toLowerCase() === profile.name.toLowerCase();
  return (
    <section className="page player-page" aria-label={t('profile', { name: profile.name })}>
      <header className="profile-main__head">
        <UserAvatar user={{ name: profile.name, avatar_url: profile.avatar }} size={72} />
        <div>
          <h1 className="profile-main__name">{profile.name}</h1>
          <p className="player-page__line">
            <LevelBadge level={profile.level} size={22} /> {t('level', { level: profile.level })} · {profile.rank.name} · <span data-testid="player-joined">{t('joined', { date: formatDate(profile.joined_at) })}</span>
          </p>
        </div>
        {me && !own && (
          <Button className="player-page__tip" variant="secondary" onClick={() => setTipping(true)}>
            {tipTitle(profile.name)}
          </Button>
        )}
      </header>
      {tipping && (
        <div className="player-page__tip-form">
          <TipForm draft={{ name: profile.name, amount: '' }} onClose={() => setTipping(false)} />
        </div>
      )}
      <dl className="profile-stats" data-testid="player-stats">
        {PUBLIC_STATS.map((stat) => {
          const value = profile.stats[stat];
          return (
            <div key={stat}>
              <dt>{t(STAT_LABELS[stat])}</dt>
              <dd className={value === null ? 'player-page__hidden' : 'tabular'}>{value === null ? t('hidden') : statText(stat, value)}</dd>
            </div>
          );
        })}
      </dl>
      <section className="profile-badges" aria-label={t('badges')}>
        <h2>{t('badges')}</h2>
        <BadgeList badges={profile.badges} />
      </section>
    </section>
  );
}
