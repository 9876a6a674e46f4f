import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import { announceChange, createNodeMirror } from '../realtime/nodeMirror.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { msgError, type HttpError } from '../http/errors.ts';
import { KILL_SWITCHES, defaultSwitchMessage, type KillSwitchKey, type OffSwitch } from '../../core/protocol/killSwitches.ts';

// The one owner of the kill switches (docs/operator-console.md, "Kill switches"): which game or
// feature is switched off, and the refusal of what would start it. Every node keeps them in memory
// (server/realtime/nodeMirror.ts), so a gated bet asks no query; a change is written with its audit
// row in one transaction and every node re-reads at once (the bus) or within the poll.
// The gates: routes declare `config: { killSwitch }` (server/plugins/declaredChecks.ts); the two
// starts that are not a route of their own call `check` (a social sign-in that makes a new player).

export const KILL_SWITCHES_CHANNEL = 'kill-switches';
/** How often a node re-reads the switches without being told (the bus is the fast path). */
export const KILL_SWITCHES_POLL_MS = 10_000;

export interface SwitchState {
  key: KillSwitchKey;
  enabled: boolean;
  /** The admin's message, or null (the default one). */
  message: string | null;
  updatedBy: { id: number; name: string } | null;
  updatedAt: Date | null;
}

export interface KillSwitches {
  /** The message players read while `key` is off; null while it is on. */
  offMessage(key: KillSwitchKey): string | null;
  /** Refuses with the switch's 503 while `key` is off. */
  check(key: KillSwitchKey): void;
  /** What is off now, as the public list answers it. */
  off(): OffSwitch[];
  reload(): Promise<void>;
  close(): void;
}

/** The refusal of a switched-off thing: 503 `{message, msg}`, the service being down for everyone for now, not the player refused. */
export function switchedOff(message: string): HttpError {
  return msgError(503, message);
}

const playerMessage = (s: Pick<SwitchState, 'key' | 'message'>) => s.message ?? defaultSwitchMessage(s.key);

/** Every switch, in the list's order; one without a row is on. */
export async function readKillSwitches(db: Db): Promise<SwitchState[]> {
  const rows = await db
    .selectFrom('kill_switches as k')
    .leftJoin('users as u', 'u.id', 'k.updated_by')
    .select(['k.switch', 'k.enabled', 'k.message', 'k.updated_by', 'k.updated_at', 'u.name'])
    .execute();
  return KILL_SWITCHES.map((key) => {
    const row = rows.find((r) => r.switch === key);
    if (!row) return { key, enabled: true, message: null, updatedBy: null, updatedAt: null };
    return { key, enabled: row.enabled, message: row.message, updatedBy: row.updated_by === null ? null : { id: Number(row.updated_by), name: row.name ?? '' }, updatedAt: new Date(row.updated_at) };
  });
}

export async function createKillSwitches(db: Db, bus: Bus, options: { pollMs?: number } = {}): Promise<KillSwitches> {
  const mirror = await createNodeMirror(() => readKillSwitches(db), bus, KILL_SWITCHES_CHANNEL, options.pollMs ?? KILL_SWITCHES_POLL_MS);
  const offMessage = (key: KillSwitchKey) => {
    const state = mirror.current().find((s) => s.key === key);
    return state && !state.enabled ? playerMessage(state) : null;
  };
  return {
    offMessage,
    check(key) {
      const message = offMessage(key);
      if (message !== null) throw switchedOff(message);
    },
    off: () => mirror.current().filter((s) => !s.enabled).map((s) => ({ key: s.key, message: playerMessage(s) })),
    reload: mirror.reload,
    close: mirror.close,
  };
}

export interface SwitchChange {
  enabled: boolean;
  message: string | null;
}

/** Switches `key` on or off with its message (left as it was when not given), audited (`kill_switches.update`) in the same transaction; every node is told after commit. */
export async function setKillSwitch(db: Db, bus: Bus | null, actor: Actor, key: KillSwitchKey, next: { enabled: boolean; message?: string | null }): Promise<{ before: SwitchChange; after: SwitchChange }> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('kill_switches').select(['enabled', 'message']).where('switch', '=', key).forUpdate().executeTakeFirst();
    const before: SwitchChange = row ? { enabled: row.enabled, message: row.message } : { enabled: true, message: null };
    const after: SwitchChange = { enabled: next.enabled, message: next.message === undefined ? before.message : next.message };
    const values = { enabled: after.enabled, message: after.message, updated_by: actor.userId, updated_at: new Date() };
    await trx
      .insertInto('kill_switches')
      .values({ switch: key, ...values })
      .onConflict((oc) => oc.column('switch').doUpdateSet(values))
      .execute();
    await audit(trx, actor, { action: 'kill_switches.update', targetKind: 'kill_switch', targetId: key, before, after });
    return { before, after };
  });
  announceChange(bus, KILL_SWITCHES_CHANNEL, { key });
  return result;
}
