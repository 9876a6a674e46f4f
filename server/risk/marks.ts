import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import type { MarkKind } from './schema.ts';

// Linked accounts (docs/risk.md): what an account was seen with, and who else was seen with it.
// A mark's value is a keyed hash of the normalised raw value, so the table links accounts without
// holding a device id, an address or a shipping address. Devices, crypto withdrawal addresses,
// shipping addresses, cards and skins accounts that paid deposits are strong links: they put accounts in one cluster, which the operator's rules
// read. A sign-in address alone is a weak link (homes, offices, carriers and cafés share addresses):
// the console shows it and it adds to the score, but it joins no cluster.

export const STRONG_MARKS: readonly MarkKind[] = ['device', 'crypto_address', 'shipping', 'card', 'skins_account'];

/** What one linked account adds to the score, by the strongest kind it shares (docs/risk.md, "Score"). */
export const LINK_WEIGHTS: Record<MarkKind, number> = { card: 40, crypto_address: 40, skins_account: 35, device: 30, shipping: 25, address: 5 };

/** A cluster is read this far at most (an operator looks at a larger one as a whole anyway). */
export const CLUSTER_LIMIT = 200;

/** A device id as the client makes it (crypto.randomUUID); anything else is no device. */
export const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function normalised(kind: MarkKind, raw: string): string {
  const value = raw.trim();
  if (kind === 'address') {
    // An IPv6 address by its /64 (one household or device rotates inside it); an IPv4 address whole.
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value)?.[1];
    if (v4) return v4;
    return value.includes(':') ? value.toLowerCase().split(':').slice(0, 4).join(':') : value;
  }
  if (kind === 'shipping') return value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  // Hex and bech32 addresses are case-insensitive; base58 ones are not.
  if (kind === 'crypto_address') return /^(0x|bc1|tb1|ltc1)/i.test(value) ? value.toLowerCase() : value;
  return value.toLowerCase();
}

/** The stored value of a mark: HMAC-SHA256 of kind and normalised value under the app secret (hex, 32 chars). */
export function markValue(secret: string, kind: MarkKind, raw: string): string {
  return createHmac('sha256', secret).update(`${kind}\0${normalised(kind, raw)}`).digest('hex').slice(0, 32);
}

export interface Mark {
  kind: MarkKind;
  raw: string;
}

/** The marks of where a sign-in or sign-up came from: its address, and the browser's device id when it sent one. */
export function originMarks(origin: { address: string; device: string | null }): Mark[] {
  return [{ kind: 'address', raw: origin.address }, ...(origin.device ? [{ kind: 'device' as const, raw: origin.device }] : [])];
}

/** Records that `userId` was seen with `marks` now (first and last time kept per mark). */
export async function markAccount(db: Db | Trx, secret: string, userId: number, marks: readonly Mark[]): Promise<void> {
  const rows = marks.filter((m) => m.raw.trim() !== '').map((m) => ({ user_id: userId, kind: m.kind, value: markValue(secret, m.kind, m.raw) }));
  if (rows.length === 0) return;
  await db
    .insertInto('account_marks')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'value']).doUpdateSet({ last_at: sql`now()` }))
    .execute();
}

export interface Link {
  userId: number;
  name: string;
  /** The kinds of marks shared, strongest first. */
  kinds: MarkKind[];
  /** When the two accounts were first seen with a shared mark (the later account's first sighting). */
  since: Date;
}

/** The accounts sharing at least one mark with `userId`, the most strongly linked first. */
export async function linkedAccounts(db: Db, userId: number): Promise<Link[]> {
  const { rows } = await sql<{ user_id: string; name: string; kinds: MarkKind[]; since: Date }>`
    select o.user_id, u.name, array_agg(distinct o.kind) as kinds, min(greatest(o.first_at, m.first_at)) as since
    from account_marks m
    join account_marks o on o.kind = m.kind and o.value = m.value and o.user_id <> m.user_id
    join users u on u.id = o.user_id
    where m.user_id = ${userId}
    group by o.user_id, u.name`.execute(db);
  const links = rows.map((r) => ({ userId: Number(r.user_id), name: r.name, kinds: [...r.kinds].sort((a, b) => LINK_WEIGHTS[b] - LINK_WEIGHTS[a]), since: new Date(r.since) }));
  return links.sort((a, b) => LINK_WEIGHTS[b.kinds[0]!] - LINK_WEIGHTS[a.kinds[0]!] || a.userId - b.userId);
}

/** The score of an account from its links: each linked account adds the weight of its strongest shared kind; at most 100. */
export function riskScore(links: readonly Pick<Link, 'kinds'>[]): number {
  return Math.min(100, links.reduce((sum, l) => sum + Math.max(...l.kinds.map((k) => LINK_WEIGHTS[k])), 0));
}

/**
 * The scores of many accounts in one read (the console's queues: withdrawals, support tickets,
 * credits and bonuses waiting for approval, each row with its player's score beside it).
 */
export async function riskScores(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const scores = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return scores;
  const { rows } = await sql<{ player: string; kinds: MarkKind[] }>`
    select m.user_id as player, array_agg(distinct o.kind) as kinds
    from account_marks m
    join account_marks o on o.kind = m.kind and o.value = m.value and o.user_id <> m.user_id
    where m.user_id in (${sql.join([...new Set(userIds)])})
    group by m.user_id, o.user_id`.execute(db);
  const links = new Map<number, { kinds: MarkKind[] }[]>();
  for (const r of rows) links.set(Number(r.player), [...(links.get(Number(r.player)) ?? []), { kinds: r.kinds }]);
  for (const [id, of] of links) scores.set(id, riskScore(of));
  return scores;
}

/** The accounts of `userId`'s cluster (itself included): linked to it through strong marks, at any distance. */
export async function clusterOf(db: Db | Trx, userId: number): Promise<number[]> {
  const { rows } = await sql<{ user_id: string }>`
    with recursive cluster(user_id) as (
      select ${userId}::bigint
      union
      select o.user_id from cluster c
      join account_marks m on m.user_id = c.user_id and m.kind in (${sql.join(STRONG_MARKS)})
      join account_marks o on o.kind = m.kind and o.value = m.value
    )
    select user_id from cluster limit ${CLUSTER_LIMIT}`.execute(db);
  return rows.map((r) => Number(r.user_id));
}

/** Whether `a` and `b` are accounts of one cluster. */
export async function sameCluster(db: Db | Trx, a: number, b: number): Promise<boolean> {
  return (await clusterOf(db, a)).includes(b);
}
