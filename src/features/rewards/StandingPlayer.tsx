import type { ReactNode } from 'react';
import { LevelBadge } from '../../app/layout/LevelBadge.tsx';

/** A standings row's player cell (races, challenges, the leaderboard): an optional avatar, the name cut to its cell, the level badge. */
export function StandingPlayer({ name, level, avatar }: { name: string; level: number; avatar?: ReactNode }) {
  return (
    <span className="race-table__player">
      {avatar}
      <span className="race-table__name">{name}</span>
      <LevelBadge level={level} size={20} />
    </span>
  );
}
