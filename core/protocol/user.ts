// The signed-in player as GET /api/profile returns it (`{data: User}`), spec §3.
export interface UserLevel {
  level: number;
  /** XP so far (cents wagered, see docs/levels.md). */
  value: number;
  /** XP where this level starts and where the next one starts. */
  from: number;
  to: number;
}

export interface User {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  verified: boolean;
  /** Coins with 2 decimals, e.g. 33.75. */
  balance: number;
  user_level: UserLevel;
}
