import { useEffect, useState } from 'react';
import { Award } from 'lucide-react';
import { call } from '../../api/call.ts';
import { missions as missionsRoute } from '../../../core/protocol/routes/missions.ts';
import type { Badge } from '../../../core/protocol/missions.ts';
import './missions.css';

// A player's badges (docs/rewards.md, "Missions"): one per mission done. Takes the list so a page that
// already has it (/missions) shows it as it is; without it, it asks GET /api/missions (the profile).

export function BadgeList({ badges }: { badges: readonly Badge[] }) {
  if (badges.length === 0) return <p className="rewards-note">No badge yet: complete a mission to earn one.</p>;
  return (
    <ul className="badge-list" aria-label="Badges">
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
    <section className="profile-badges" aria-label="Your badges" data-testid="profile-badges">
      <h2>Badges</h2>
      <BadgeList badges={badges} />
    </section>
  );
}
