import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AuditEntry, AuditQuery } from '../../core/protocol/admin.ts';

// The audit log (docs/operator-console.md, "Audit"): one row per change made through the console or
// an ops command, written in the same transaction as the change itself, so a change without its row
// (or a row without its change) cannot be committed. The table refuses UPDATE and DELETE (migration
// 1000). `before` and `after` are the changed record's fields as the console shows them.

/** Who made a change: a staff member from an address, or an ops command (actor null). */
export interface Actor {
  userId: number | null;
  address: string;
}

/** The actor of `npm run ops` commands. */
export const OPS_ACTOR: Actor = { userId: null, address: 'ops-command' };

export interface AuditChange {
  action: string;
  targetKind: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes the change's row; pass the transaction that makes the change. */
export async function audit(db: Db, actor: Actor, change: AuditChange): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.userId,
      action: change.action,
      target_kind: change.targetKind,
      target_id: change.targetId === null ? null : String(change.targetId),
      before: change.before === undefined ? null : JSON.stringify(change.before),
      after: change.after === undefined ? null : JSON.stringify(change.after),
      address: actor.address,
    })
    .execute();
}

type AuditFilter = Omit<AuditQuery, 'page'>;

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
  if (f.target_kind) q = q.where('a.target_kind', '=', f.target_kind);
  if (f.target_id) q = q.where('a.target_id', '=', f.target_id);
  if (f.actor_id) q = q.where('a.actor_id', '=', f.actor_id);
  if (f.action) q = q.where('a.action', 'like', `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return q;
}

export async function countAudit(db: Db, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAudit(db: Db, f: AuditFilter, page: { limit: number; offset: number }): Promise<AuditEntry[]> {
  const rows = await filtered(db, f)
    .select(['a.id', 'a.created_at', 'a.actor_id', 'a.action', 'a.target_kind', 'a.target_id', 'a.before', 'a.after', 'a.address', sql<string | null>`u.name`.as('actor_name')])
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    actor_id: r.actor_id === null ? null : Number(r.actor_id),
    actor: r.actor_id === null ? 'ops command' : (r.actor_name ?? `user ${r.actor_id}`),
    action: r.action,
    target_kind: r.target_kind,
    target_id: r.target_id,
    before: r.before,
    after: r.after,
    address: r.address,
  }));
}
