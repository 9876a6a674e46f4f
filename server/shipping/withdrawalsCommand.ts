import type { OpsServices } from '../services.ts';
import { formatCoins } from '../../core/money/cents.ts';
import type { WithdrawalStatus, WithdrawalType } from '../boxes/schema.ts';
import { allowedFrom, listWithdrawals, moveWithdrawal, OPERATOR_TARGETS, type OperatorTarget } from './withdrawals.ts';
import { WITHDRAWAL_STATUSES } from '../../core/protocol/shipping.ts';
import { told } from '../ops/told.ts';

// `npm run ops -- withdrawals` lists withdrawals (filters --status, --type, --user, --from, --to);
// with --id N --to in_processing|shipped|done|canceled it moves one on (shipped with --tracking,
// the parcel's tracking number), through the console's own moveWithdrawal: audited as the ops
// command, the step written for the player, who is mailed by the next server node that looks
// (notifyWithdrawalSteps). A cancel returns the items or coins in the same transaction. The CLI's
// wallet is the server's (createServices): with REDIS_URL the player's open page learns a refunded balance at once.

const STATUSES = Object.keys(WITHDRAWAL_STATUSES);

export const withdrawalsCommand = {
  summary: 'list withdrawals [--status --type --user --from --to] or move one: --id <n> --to in_processing|shipped|done|canceled [--tracking <number>]',
  options: {
    id: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string' },
    type: { type: 'string' },
    user: { type: 'string' },
    from: { type: 'string' },
    tracking: { type: 'string' },
  } as Record<string, { type: 'string' | 'boolean' }>,
  async run({ db, wallet }: OpsServices, values: Record<string, string | boolean | undefined>): Promise<void> {
    if (values.id !== undefined || values.to !== undefined) {
      const id = Number(values.id);
      const to = String(values.to ?? '');
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('--id must be a withdrawal id');
      if (!(OPERATOR_TARGETS as readonly string[]).includes(to)) throw new Error(`--to must be one of ${OPERATOR_TARGETS.join(', ')}`);
      const tracking = typeof values.tracking === 'string' ? values.tracking : undefined;
      if (to === 'shipped' && !tracking?.trim()) throw new Error('--tracking is required with --to shipped');
      const moved = await told(moveWithdrawal(wallet, id, to as OperatorTarget, { trackingNumber: tracking }));
      if (!moved) throw new Error(`withdrawal ${id} cannot move to ${to} (it must exist and be, by type, ${allowedFrom(to as OperatorTarget)})`);
      process.stdout.write(`withdrawal ${id} → ${to}${to === 'shipped' ? ` (tracking ${tracking!.trim()})` : ''}\n`);
      return;
    }
    const status = values.status as string | undefined;
    if (status !== undefined && !STATUSES.includes(status)) throw new Error(`--status must be one of ${STATUSES.join(', ')}`);
    const type = values.type as string | undefined;
    if (type !== undefined && type !== 'delivery' && type !== 'crypto') throw new Error('--type must be delivery or crypto');
    const { rows } = await listWithdrawals(
      db,
      { status: status as WithdrawalStatus | undefined, type: type as WithdrawalType | undefined, userId: values.user ? Number(values.user) : undefined, from: values.from as string | undefined },
      { page: 1, perPage: 100 },
    );
    for (const w of rows) {
      const what = w.type === 'crypto' ? `${formatCoins(w.amount)} coins in ${w.currency} to ${w.address}` : `${w.items.length} item(s) worth ${formatCoins(w.amount)} to ${w.shipping_address?.city ?? '?'}, ${w.shipping_address?.country ?? '?'}`;
      process.stdout.write(`${String(w.id).padStart(6)}  ${w.status.padEnd(16)} user ${w.user_id}  ${w.type.padEnd(8)} ${what}  ${w.created_at}${w.tracking_number ? `  tracking ${w.tracking_number}` : ''}\n`);
      // The packer's list: each item with the size chosen for it.
      for (const i of w.items) process.stdout.write(`          - ${i.item.name}${i.size ? `, size ${i.size}` : ''}\n`);
    }
    if (!rows.length) process.stdout.write('no withdrawals\n');
  },
};
