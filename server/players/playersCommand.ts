import type { OpsServices } from '../services.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { AdjustmentBodySchema, LockBodySchema, PLAYER_SEARCH_FIELDS, type PlayerSearchField } from '../../core/protocol/adminPlayers.ts';
import { searchPlayers } from './search.ts';
import { playerProfile } from './profile.ts';
import { adjustBalance } from './adjustments.ts';
import { lockPlayer, unlockPlayer } from './locks.ts';

// `npm run ops -- players <find|show|adjust|lock|unlock>`: the console's players verbs on the command
// line, through the same functions and the same body rules, audited as the ops command. The CLI's
// wallet is the server's (createServices): with REDIS_URL a player's open page sees the adjusted balance at once.

function playerId(value: string | boolean | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('--id must be a player id');
  return id;
}

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(issue ? `--${String(issue.path[0] ?? 'value')}: ${issue.message}` : 'invalid options');
}

export const playersCommand = {
  summary: 'players: find --q TEXT [--by any|name|email|id|address] | show --id N | adjust --id N --direction credit|debit --amount COINS --reason TEXT | lock --id N --reason TEXT | unlock --id N',
  options: { q: { type: 'string' as const }, by: { type: 'string' as const }, id: { type: 'string' as const }, direction: { type: 'string' as const }, amount: { type: 'string' as const }, reason: { type: 'string' as const } },
  positionals: true,
  async run({ db, wallet }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const action = positionals[0] ?? 'find';
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (action === 'find') {
      const by = (values.by ?? 'any') as PlayerSearchField;
      if (!PLAYER_SEARCH_FIELDS.includes(by)) throw new Error(`--by must be one of ${PLAYER_SEARCH_FIELDS.join(', ')}`);
      const q = typeof values.q === 'string' ? values.q.trim() : '';
      if (!q) throw new Error('--q is required');
      for (const p of await searchPlayers(db, q, by, { limit: 100, offset: 0 })) out([p.id, `${p.name} <${p.email}>`, p.balance.toFixed(2), p.locked ? 'locked' : '', p.created_at].join('\t'));
      return;
    }
    const id = playerId(values.id);
    if (action === 'show') {
      out(JSON.stringify(await playerProfile(db, id, new Date()), null, 2));
      return;
    }
    if (action === 'adjust') {
      const body = parsed(AdjustmentBodySchema.safeParse({ direction: values.direction, amount: Number(values.amount), note: values.reason }));
      const done = await adjustBalance(wallet, OPS_ACTOR, { userId: id, ...body });
      out(`adjustment ${done.id}: player ${id} ${body.direction === 'credit' ? '+' : '-'}${centsToCoins(body.amount).toFixed(2)}, balance ${centsToCoins(done.balance).toFixed(2)}`);
      return;
    }
    if (action === 'lock') {
      const { reason } = parsed(LockBodySchema.safeParse({ reason: values.reason }));
      await lockPlayer(db, OPS_ACTOR, id, reason);
      out(`player ${id} locked; every session ended`);
      return;
    }
    if (action === 'unlock') {
      await unlockPlayer(db, OPS_ACTOR, id);
      out(`player ${id} unlocked`);
      return;
    }
    throw new Error('players: the action is find, show, adjust, lock or unlock');
  },
};
