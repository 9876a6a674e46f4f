import { useId } from 'react';
import { LEVEL_BADGES, levelBadgeGroup } from './levelBadges.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The level badge: the group's emblem on its two-colour gradient, with the level number. */
export function LevelBadge({ level, size = 32 }: { level: number; size?: number }) {
  const group = levelBadgeGroup(level);
  const badge = LEVEL_BADGES[group];
  const gradientId = useId();
  return (
    <span className="level-badge" title={t('levelTitle', { badge: badge.name, level })} data-group={group}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={badge.colours[0]} />
            <stop offset="1" stopColor={badge.colours[1]} />
          </linearGradient>
        </defs>
        <path d="M16 1.5l12.5 7.2v14.6L16 30.5 3.5 23.3V8.7z" fill={`url(#${gradientId})`} stroke="rgba(255,255,255,.35)" strokeWidth="1" />
        <g transform="translate(6 6) scale(0.8333)">
          <path d={badge.emblem} fill="rgba(255,255,255,.92)" stroke="rgba(0,0,0,.25)" strokeWidth="1" strokeLinejoin="round" />
        </g>
      </svg>
      <span className="level-badge__level tabular">{level}</span>
    </span>
  );
}
