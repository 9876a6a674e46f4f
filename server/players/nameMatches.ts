import { sql, type RawBuilder } from 'kysely';

/**
 * The condition on `users` that finds a player by the name another player typed or linked: trimmed,
 * a leading `@` dropped (a chat mention), compared case-insensitively. Names are not unique: callers
 * order by id and take the first, so a tip and a public profile resolve a shared name alike.
 */
export function nameMatches(typed: string): RawBuilder<boolean> {
  return sql<boolean>`lower(name) = ${typed.trim().replace(/^@/u, '').toLowerCase()}`;
}
