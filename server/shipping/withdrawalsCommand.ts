import { createLocalBus } from '../realtime/bus.ts';
import { createWallet } from '../wallet/wallet.ts';
import { formatCoins } from '../../core/money/cents.ts';
import type { Db } from '../db/database.ts';
import type { WithdrawalStatus, WithdrawalType } from '../boxes/schema.ts';
import { listWithdrawals, moveWithdrawal, OPERATOR_TRANSITIONS } from './withdrawals.ts';
import { liveTokenGuard } from '../accounts/settlementGuard.ts';
import { createPlayGate } from '../responsible/playGate.ts';
import { systemClock } from '../clock.ts';

// `npm run ops -- withdrawals` lists withdrawals (filters --status, --type, --user, --from, --to);
// with --id N --to in_processing|done|canceled it moves one on. A cancel returns the items or
// coins in the same transaction. The CLI's wallet publishes on a local bus: the player's open
// page learns the refunded balance on its next profile load, not live.

const STATUSES = ['new', 'in_processing', 'done', 'canceled', 'canceled_by_user'];
const TARGETS = Object.keys(OPERATOR_TRANSITIONS);

export const withdrawalsCommand = {
  summary: 'list withdrawals [--status --type --user --from --to] or move one: --id <n> --to in_processing|done|canceled',
  options: {
    id: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string' },
    type: { type: 'string' },
    user: { type: 'string' },
    from: { type: 'string' },
  } as Record<string, { type: 'string' | 'boolean' }>,
  async run(db: Db, values: Record<string, string | boolean | undefined>): Promise<void> {
    if (values.id !== undefined || values.to !== undefined) {
      const id = Number(values.id);
      const to = String(values.to ?? '');
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('--id must be a withdrawal id');
      if (!TARGETS.includes(to)) throw new Error(`--to must be one of ${TARGETS.join(', ')}`);
      const wallet = createWallet(db, createLocalBus(), { settlementGuard: liveTokenGuard, stakeGate: createPlayGate(systemClock) });
      const moved = await moveWithdrawal(wallet, id, to as keyof typeof OPERATOR_TRANSITIONS);
      if (!moved) throw new Error(`withdrawal ${id} cannot move to ${to} (it must exist and be ${OPERATOR_TRANSITIONS[to as keyof typeof OPERATOR_TRANSITIONS].join(' or ')})`);
      process.stdout.write(`withdrawal ${id} → ${to}\n`);
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
      process.stdout.write(`${String(w.id).padStart(6)}  ${w.status.padEnd(16)} user ${w.user_id}  ${w.type.padEnd(8)} ${what}  ${w.created_at.toISOString()}\n`);
      // The packer's list: each item with the size chosen for it.
      for (const i of w.items) process.stdout.write(`          - ${i.item.name}${i.size ? `, size ${i.size}` : ''}\n`);
    }
    if (!rows.length) process.stdout.write('no withdrawals\n');
  },
};
