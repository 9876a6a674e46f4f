import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { PlayerSearchField, PlayerSummary } from '../../core/protocol/adminPlayers.ts';

// The players search (docs/operator-console.md, "Players"): by name or email (a part of it, any
// case), by id (exact), or by address: a sign-in address of any of the player's sessions (from its
// start, so `203.0.113.` finds a range) or a part of the saved shipping address. `any` tries each.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matches(q: string, by: PlayerSearchField): Expression<SqlBool> {
  const part = `%${escapeLike(q)}%`;
  const conditions: Expression<SqlBool>[] = [];
  const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
  if ((by === 'any' || by === 'id') && id !== null) conditions.push(sql<SqlBool>`u.id = ${id}`);
  if (by === 'any' || by === 'name') conditions.push(sql<SqlBool>`u.name ilike ${part}`);
  if (by === 'any' || by === 'email') conditions.push(sql<SqlBool>`u.email ilike ${part}`);
  if (by === 'any' || by === 'address') {
    conditions.push(sql<SqlBool>`exists (select 1 from sessions s where s.user_id = u.id and s.address like ${`${escapeLike(q)}%`})`);
    conditions.push(sql<SqlBool>`exists (select 1 from shipping_addresses a where a.user_id = u.id
      and concat_ws(' ', a.street_address, a.street_address_2, a.postal_code, a.city, a.country_state, a.country) ilike ${part})`);
  }
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` or `)})` : sql<SqlBool>`false`;
}

function filtered(db: Db, q: string | undefined, by: PlayerSearchField) {
  const base = db.selectFrom('users as u');
  return q ? base.where(matches(q, by)) : base;
}

export async function countPlayers(db: Db, q: string | undefined, by: PlayerSearchField): Promise<number> {
  const row = await filtered(db, q, by).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of matching players, the newest first. */
export async function searchPlayers(db: Db, q: string | undefined, by: PlayerSearchField, page: { limit: number; offset: number }): Promise<PlayerSummary[]> {
  const rows = await filtered(db, q, by)
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.email', 'u.created_at', 'a.balance', sql<boolean>`exists (select 1 from account_locks l where l.user_id = u.id)`.as('locked')])
    .orderBy('u.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, balance: centsToCoins(Number(r.balance)), created_at: new Date(r.created_at).toISOString(), locked: Boolean(r.locked) }));
}
