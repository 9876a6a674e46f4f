import { sql } from 'kysely';
import { minesBoard } from '../../../core/fair/index.ts';
import { minesMultiplier, minesPayout, minesSafeTiles, type MinesStatus } from '../../../core/games/mines.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import type { MinesBoard } from '../../../core/protocol/mines.ts';
import type { Db } from '../../db/database.ts';
import type { GameSettings } from '../../gameSettings/gameSettings.ts';
import { nextRoll } from '../../fair/seedPairs.ts';
import { journalBet, shownMultiplier } from '../../journal/journal.ts';
import { fieldError } from '../../http/errors.ts';
import type { Trx, Wallet, WalletTx } from '../../wallet/wallet.ts';
import { asAmountError } from '../playInstantBet.ts';
import type { MinesTables } from './schema.ts';

// Mines, a stateful instant game (docs/mines.md). A board is a row that lives over several requests:
// the bet debits the stake and fixes the board (the next nonce of the player's seed pair, whose
// floats place the mines: core/fair/mines.ts); each reveal turns one tile; a mine ends it lost, the
// last safe tile or a cash-out ends it paid. Every step is one wallet transaction that first locks the
// player's account, then the open board (FOR UPDATE … where status = 'open'), always in that order,
// so a reveal and a cash-out racing each other run one after the other and the second finds no open
// board: a board is settled exactly once. Nothing is kept in memory; a reload or a restart reads the row.

export interface MinesDeps {
  db: Db;
  wallet: Wallet;
  /** The game settings: a board's payout cap is Mines' cap in force when it starts. */
  gameSettings: Pick<GameSettings, 'limits'>;
}

const NO_OPEN_BOARD = 'You have no open board.';

type BoardRow = {
  id: number;
  user_id: number;
  amount: number;
  mines: number;
  nonce: number;
  revealed: number[];
  status: MinesStatus;
  max_payout: number;
  payout: number | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
};

const boards = (trx: Trx | Db) => trx.withTables<MinesTables>();

function boardQuery(trx: Trx | Db) {
  return boards(trx)
    .selectFrom('mines_boards as b')
    .innerJoin('seed_pairs as p', 'p.id', 'b.seed_pair_id')
    .select(['b.id', 'b.user_id', 'b.amount', 'b.mines', 'b.nonce', 'b.revealed', 'b.status', 'b.max_payout', 'b.payout', 'p.server_seed', 'p.server_seed_hash', 'p.client_seed']);
}

function normalized(row: BoardRow): BoardRow {
  return { ...row, nonce: Number(row.nonce), revealed: row.revealed.map(Number) };
}

/** The player's open board, locked until the transaction ends (after the account: the lock order above). */
async function lockedOpenBoard(tx: WalletTx, userId: number, field: string): Promise<BoardRow> {
  const row = await boardQuery(tx.trx).where('b.user_id', '=', userId).where('b.status', '=', 'open').forUpdate('b').executeTakeFirst();
  if (!row) throw fieldError(field, NO_OPEN_BOARD);
  return normalized(row);
}

function safeRevealed(row: Pick<BoardRow, 'revealed' | 'status'>): number {
  return row.status === 'lost' ? row.revealed.length - 1 : row.revealed.length;
}

/** The board as the player may see it: the mines only once it has ended, and then its bet's public id. */
export function boardView(row: BoardRow, balance: number, publicId: string | null = null): MinesBoard {
  const safe = safeRevealed(row);
  const open = row.status === 'open';
  const multiplier = row.status === 'lost' || safe === 0 ? 0 : minesMultiplier(row.mines, safe);
  const payout = open ? (safe > 0 ? minesPayout(row.amount, row.mines, safe, row.max_payout) : 0) : (row.payout ?? 0);
  return {
    id: row.id,
    status: row.status,
    amount: centsToCoins(row.amount),
    mines: row.mines,
    revealed: row.revealed,
    multiplier,
    next_multiplier: open && safe < minesSafeTiles(row.mines) ? minesMultiplier(row.mines, safe + 1) : null,
    payout: centsToCoins(payout),
    mine_tiles: open ? null : minesBoard(row.server_seed, row.client_seed, row.nonce, row.mines),
    nonce: row.nonce,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    balance: centsToCoins(balance),
    public_id: publicId,
  };
}

/** Ends the open board (the conditional update: only from open), pays `payout` when above 0. */
async function endBoard(tx: WalletTx, row: BoardRow, status: Exclude<MinesStatus, 'open'>, revealed: number[], payout: number): Promise<{ row: BoardRow; balance: number | null; publicId: string }> {
  const ended = await boards(tx.trx)
    .updateTable('mines_boards')
    .set({ status, revealed, payout, ended_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  // The row is locked and was read open: only a broken lock order could get here.
  if (!ended) throw new Error(`mines board ${row.id} left open under its lock`);
  const balance = payout > 0 ? await tx.credit({ userId: row.user_id, amount: payout, reason: 'mines_win', reference: `mines:${row.id}` }) : null;
  // The board's journal row settles with it, after the credit (the journal's order): the multiplier
  // shown on the board, or what a payout cap left of it.
  const safe = status === 'lost' ? 0 : revealed.length;
  const full = safe > 0 ? minesPayout(row.amount, row.mines, safe, Number.MAX_SAFE_INTEGER) : 0;
  const multiplier = safe === 0 ? 0 : payout === full ? minesMultiplier(row.mines, safe) : shownMultiplier(payout, row.amount);
  const settled = await tx.trx
    .updateTable('bets')
    .set({ status: 'settled', payout, multiplier, settled_at: sql<Date>`now()` })
    .where('game', '=', 'mines')
    .where('ref_id', '=', row.id)
    .where('ref_seat', '=', 0)
    .where('status', '=', 'open')
    .returning('public_id')
    .executeTakeFirst();
  if (!settled) throw new Error(`mines board ${row.id} has no open journal row`);
  return { row: { ...row, status, revealed, payout }, balance, publicId: settled.public_id };
}

/**
 * POST /api/mines/bet: debits the stake and fixes a new board; refused while the player has an open
 * one. The stake's range is the route's declared check (server/routes/api/mines.ts); the board keeps
 * the payout cap in force now, so a cap changed later never changes a board in play.
 */
export async function startBoard(deps: MinesDeps, bet: { userId: number; amount: number; mines: number }): Promise<MinesBoard> {
  const { userId, amount, mines } = bet;
  const maxPayout = deps.gameSettings.limits('mines').maxPayout;
  try {
    return await deps.wallet.transaction(async (tx) => {
      const balance = await tx.debit({ userId, amount, reason: 'mines_bet', reference: 'mines' });
      const seed = await nextRoll(tx.trx, userId);
      const inserted = await boards(tx.trx)
        .insertInto('mines_boards')
        .values({ user_id: userId, amount, mines, seed_pair_id: seed.seedPairId, nonce: seed.nonce, max_payout: maxPayout })
        // The partial unique index: one open board per player. A conflict rolls the debit back.
        .onConflict((oc) => oc.column('user_id').where('status', '=', 'open').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw fieldError('mines', 'Finish your open board first.');
      // The stake's journal row, open until the board ends (its insert counts the stake as XP).
      await journalBet(tx, { game: 'mines', userId, stake: amount, refId: inserted.id, seedPairId: seed.seedPairId, nonce: seed.nonce });
      const row: BoardRow = { id: inserted.id, user_id: userId, amount, mines, nonce: seed.nonce, revealed: [], status: 'open', max_payout: maxPayout, payout: null, server_seed: seed.serverSeed, server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed };
      return boardView(row, balance);
    });
  } catch (error) {
    throw asAmountError(error);
  }
}

/** POST /api/mines/reveal: turns one tile; a mine loses the board, the last safe tile (or the payout cap) cashes it out. */
export async function revealTile(deps: MinesDeps, userId: number, tile: number): Promise<MinesBoard> {
  return deps.wallet.transaction(async (tx) => {
    const balance = await tx.lockedBalance(userId);
    const row = await lockedOpenBoard(tx, userId, 'tile');
    if (row.revealed.includes(tile)) throw fieldError('tile', 'That tile is already revealed.');
    const revealed = [...row.revealed, tile];
    const mines = minesBoard(row.server_seed, row.client_seed, row.nonce, row.mines);
    if (mines.includes(tile)) {
      const lost = await endBoard(tx, row, 'lost', revealed, 0);
      return boardView(lost.row, balance, lost.publicId);
    }
    const safe = revealed.length;
    const payout = minesPayout(row.amount, row.mines, safe, row.max_payout);
    if (safe === minesSafeTiles(row.mines) || payout >= row.max_payout) {
      const ended = await endBoard(tx, row, 'cashed_out', revealed, payout);
      return boardView(ended.row, ended.balance ?? balance, ended.publicId);
    }
    await boards(tx.trx).updateTable('mines_boards').set({ revealed }).where('id', '=', row.id).where('status', '=', 'open').execute();
    return boardView({ ...row, revealed }, balance);
  });
}

/** POST /api/mines/cashout: pays the open board's multiplier once at least one safe tile is revealed. */
export async function cashOut(deps: MinesDeps, userId: number): Promise<MinesBoard> {
  return deps.wallet.transaction(async (tx) => {
    const balance = await tx.lockedBalance(userId);
    const row = await lockedOpenBoard(tx, userId, 'board');
    if (row.revealed.length === 0) throw fieldError('board', 'Reveal a tile before you cash out.');
    const ended = await endBoard(tx, row, 'cashed_out', row.revealed, minesPayout(row.amount, row.mines, row.revealed.length, row.max_payout));
    return boardView(ended.row, ended.balance ?? balance, ended.publicId);
  });
}

/** GET /api/mines/current: the open board, or null. */
export async function currentBoard(deps: MinesDeps, userId: number): Promise<MinesBoard | null> {
  const row = await boardQuery(deps.db).where('b.user_id', '=', userId).where('b.status', '=', 'open').executeTakeFirst();
  if (!row) return null;
  const account = await deps.db.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return boardView(normalized(row), account.balance);
}
