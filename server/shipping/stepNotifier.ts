import type { Db } from '../db/database.ts';
import { claimUnnotified } from '../db/claimUnnotified.ts';
import { notify } from '../notifications/notifications.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from '../config.ts';
import type { Log } from '../log.ts';
import { withdrawalStepMail } from '../mail/templates.ts';
import { repeatEvery } from '../repeat.ts';
import { WITHDRAWAL_STATUSES } from '../../core/protocol/shipping.ts';
import type { WithdrawalStatus, WithdrawalType } from '../boxes/schema.ts';

// Mails the player each step (and writes it into their notifications) an operator moved their delivery or withdrawal to (docs/operator-console.md,
// "Shipping"). The step is written in the move's transaction with notified_at null; any server node
// claims unmailed steps here (server/db/claimUnnotified.ts: each step is claimed once),
// so a move made by `npm run ops` is mailed as well as one made in the console.

export interface StepNotifierDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: Log;
}

export async function notifyWithdrawalSteps(deps: StepNotifierDeps, limit = 20): Promise<number> {
  const { db, mailer, config, log } = deps;
  const steps = await claimUnnotified<number>(db, 'withdrawal_steps', 'id', limit);
  for (const id of steps) {
    const step = await db
      .selectFrom('withdrawal_steps as s')
      .innerJoin('withdrawals as w', 'w.id', 's.withdrawal_id')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['s.status', 's.tracking_number', 'w.id', 'w.type', 'w.user_id', 'u.name', 'u.email', 'u.locale'])
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    const status = step.status as WithdrawalStatus;
    const type = step.type as WithdrawalType;
    // The claim is the once: one entry in the player's notifications per step.
    await notify(db, Number(step.user_id), 'withdrawal_step', `step:${id}`, { withdrawal_id: Number(step.id), type, status_title: WITHDRAWAL_STATUSES[status].title });
    const url = `${config.publicUrl}/profile/${type === 'delivery' ? 'shipping' : 'withdraw'}`;
    const content = withdrawalStepMail(step.locale, step.name, { id: Number(step.id), type, status, trackingNumber: step.tracking_number }, url);
    await mailer.send(step.email, content).catch((error: unknown) => log.error({ err: error, step: id }, 'withdrawal step mail failed'));
  }
  return steps.length;
}

/** Runs notifyWithdrawalSteps every `intervalMs`; answers what stops it. */
export function runWithdrawalStepNotifier(deps: StepNotifierDeps, intervalMs: number): () => void {
  return repeatEvery(() => notifyWithdrawalSteps(deps), intervalMs, deps.log, 'withdrawal step notifier');
}
