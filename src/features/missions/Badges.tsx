import { useEffect, useState } from 'react';
import { Award } from 'lucide-react';
import { call } from '../../api/call.ts';
import { missions as missionsRoute } from '../../../core/protocol/routes/missions.ts';
import type { Badge } from '../../../core/protocol/missions.ts';
import './missions.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// A player's badges (docs/rewards.md, "Missions"): one per mission done. Takes the list so a page that
// already has it (/missions) shows it as it is; without it, it asks GET /api/missions (the profile).

export function BadgeList({ badges }: { badges: readonly Badge[] }) {
  if (badges.length === 0) return <p className="rewards-note">{t('noBadge')}</p>;
  return (
    <ul className="badge-list" aria-label={t('badges')}>
      {badges.map((b) => (
        <li key={b.id} className="badge-chip">
          <Award size={14} aria-hidden /> {b.title}
        </li>
      ))}
    </ul>
  );
}

export function MyBadges() {
  const [badges, setBadges] = useState<Badge[] | null>(null);
  useEffect(() => {
    call(missionsRoute, {})
      .then((a) => setBadges(a.data.badges))
      .catch((error: unknown) => console.warn('badges failed', error));
  }, []);
  if (!badges) return null;
  return (
    <section className="profile-badges" aria-label={t('yourBadges')} data-testid="profile-badges">
      <h2>{t('badges')}</h2>
      <BadgeList badges={badges} />
    </section>
  );
}
