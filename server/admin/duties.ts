import type { Db } from '../db/database.ts';
import { roleAtLeast, type StaffRole } from '../../core/protocol/admin.ts';
import { audit, type Actor } from './audit.ts';
import { forbidden } from './guard.ts';
import { staffRole } from './staff.ts';

// Separation of duties (docs/operator-console.md, "Separation of duties"): nobody adjusts, locks,
// approves or ships for their own account or their own request, and a staff member acts on another
// staff member's account only with a role at least theirs. Each refusal is a 403 and an audit row
// (`refused.<action>`), written on its own (not in the refused change's transaction, which never starts).

export const DUTY_MSG = {
  own: 'You cannot do this for your own account: another staff member must.',
  ownRequest: 'You asked for this yourself: another staff member must approve it.',
  outranked: 'This player is staff of a higher role than yours: only an equal or higher role can do this.',
} as const;

export interface DutyTarget {
  /** The audited action refused, e.g. `player.credit`. */
  action: string;
  targetKind: string;
  targetId: number;
}

async function refuse(db: Db, actor: Actor, target: DutyTarget, reason: string): Promise<never> {
  await auditRefusal(db, actor, target, reason);
  throw forbidden(reason);
}

/**
 * Audits a refusal that keeps its own answer (a field error the console shows beside the field, as
 * "You cannot change your own role."): the row is written, the caller throws.
 */
export async function auditRefusal(db: Db, actor: Actor, target: DutyTarget, reason: string): Promise<void> {
  await audit(db, actor, { action: `refused.${target.action}`, targetKind: target.targetKind, targetId: target.targetId, after: { reason } });
}

/** Refuses when `ownerId` (whose account or request it is) is the actor. */
export async function refuseOwn(db: Db, actor: Actor, ownerId: number, target: DutyTarget, reason: string = DUTY_MSG.own): Promise<void> {
  if (actor.userId !== null && actor.userId === ownerId) await refuse(db, actor, target, reason);
}

/** What any console change on a player's account needs: not one's own, and not a higher role's. */
export async function refuseUnlessMayActOn(db: Db, actor: Actor, actorRole: StaffRole, playerId: number, target: DutyTarget): Promise<void> {
  await refuseOwn(db, actor, playerId, target);
  const theirs = await staffRole(db, playerId);
  if (theirs !== null && !roleAtLeast(actorRole, theirs)) await refuse(db, actor, target, DUTY_MSG.outranked);
}
