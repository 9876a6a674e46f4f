import { useSession } from '../../stores/session.ts';
import { useShownBalance } from '../../stores/balance.ts';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { BonusBoxes } from '../../features/boxes/BonusBoxes.tsx';
import { MyBadges } from '../../features/missions/Badges.tsx';
import { PublicProfileSetting } from '../../features/profiles/PublicProfileSetting.tsx';
import { UserAvatar } from '../../app/layout/UserAvatar.tsx';
import { Private } from '../../app/layout/Private.tsx';
import { StreamerModeSetting } from '../../features/profiles/StreamerModeSetting.tsx';
import { DisplayCurrencySetting } from '../../features/displayCurrency/DisplayCurrencySetting.tsx';
import { LevelBadge } from '../../app/layout/LevelBadge.tsx';
import { formatCoins, formatCents } from '../../../core/money/cents.ts';
import './profile.css';
import messages from './i18n/en-US.json';
import shellMessages from '../../app/layout/i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
const tShell = translator(shellMessages);

// /profile and /profile/main: avatar, name, level progress, the player's stats and badges.
export default function ProfileMainPage() {
  const user = useSession((s) => s.user);
  const shownBalance = useShownBalance();
  if (!user) return null;
  const { level, value, from, to } = user.user_level;
  const span = to - from;
  const progress = span > 0 ? Math.min(1, Math.max(0, (value - from) / span)) : 1;
  return (
    <section className="profile-main" aria-label={tShell('profile')}>
      <header className="profile-main__head">
        <UserAvatar user={user} size={72} />
        <div>
          <h1 className="profile-main__name">
            <Private>{user.name}</Private>
          </h1>
          <p className="profile-main__email">
            <Private>{user.email}</Private> {user.verified ? <span className="profile-main__verified">{t('verified')}</span> : <span className="profile-main__unverified">{t('notVerified')}</span>}
          </p>
        </div>
      </header>
      <VerifyEmailNotice reason={t('mainVerifyReason')} />
      <BonusBoxes />
      <div className="profile-level">
        <LevelBadge level={level} size={40} />
        <div className="profile-level__bar-wrap">
          <div className="profile-level__labels">
            <span>{t('levelN', { level })}</span>
            <span className="tabular">{span > 0 ? t('xpProgress', { done: formatCents(value - from), span: formatCents(span) }) : t('topLevel')}</span>
          </div>
          <div className="profile-level__bar" role="progressbar" aria-label={t('levelProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
            <div className="profile-level__fill" style={{ width: `${progress * 100}%` }} />
          </div>
        </div>
      </div>
      <dl className="profile-stats">
        <div>
          <dt>{t('balance')}</dt>
          <dd className="tabular">
            <Private>{formatCoins(shownBalance ?? user.balance)}</Private>
          </dd>
        </div>
        <div>
          <dt>{t('level')}</dt>
          <dd className="tabular">{level}</dd>
        </div>
        <div>
          <dt>{t('totalWagered')}</dt>
          <dd className="tabular">{formatCents(value)}</dd>
        </div>
        <div>
          <dt>{t('toNextLevel')}</dt>
          <dd className="tabular">{span > 0 ? formatCents(to - value) : '—'}</dd>
        </div>
      </dl>
      <MyBadges />
      <PublicProfileSetting name={user.name} />
      <StreamerModeSetting />
      <DisplayCurrencySetting />
    </section>
  );
}
