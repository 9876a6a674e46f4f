import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RevealedSeedPair, RotateAnswer, SeedHistoryItem, SeedState } from '../../core/protocol/fair.ts';
import { msgError } from '../http/errors.ts';

// Players' seed pairs (docs/fairness.md). Each player has exactly one active pair (a partial UNIQUE
// index); it is created on first need. A bet takes the next nonce inside the bet's own
// transaction with a conditional update of the active pair and records it in seed_pair_rolls,
// whose primary key (seed_pair_id, nonce) makes a reused nonce impossible even under races.
// Rotation reveals the active pair (revealed_at) and creates the next one in one transaction.

type Db = Kysely<Database> | Transaction<Database>;

export interface Roll {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce this bet uses (1 for the first bet of a pair). */
  nonce: number;
  seedPairId: number;
}

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Test only (FAIR_PAIR_SEED, refused in production; set from the config when the services start):
 * a pair's server seed is SHA-256("<seed>:<player's name>:<pairs the player had before>") instead of
 * random, and a battle's seeds derive from its creator's pair (server/games/battles/battles.ts), so
 * a test's named player who sets a client seed plays the same bets on every run (the visual sweep's
 * replay baselines, docs/visual-qa.md). Process-wide as the random source it stands in for; every
 * start of the services sets it (undefined: random).
 */
let knownPairSeed: string | undefined;

export function setKnownPairSeed(seed: string | undefined): void {
  knownPairSeed = seed;
}

async function knownServerSeed(db: Db, userId: number, seed: string): Promise<string> {
  const [player, pairs] = await Promise.all([
    db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('seed_pairs').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return hashOf(`${seed}:${player.name}:${Number(pairs.n)}`);
}

/** In the known-seed mode, the seed `known` names (SHA-256 of the known seed and the name); else null: random. */
function knownOrNull(known: string | undefined): string | null {
  return knownPairSeed && known ? hashOf(`${knownPairSeed}:${known}`) : null;
}

/**
 * A random default client seed: 16 hex characters, replaceable by the player. `known` names it in the
 * known-seed test mode (below), where it is then derived, not random.
 */
export function newClientSeed(known?: string): string {
  return knownOrNull(known)?.slice(0, 16) ?? randomBytes(8).toString('hex');
}

function hashOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/**
 * A fresh server seed and the SHA-256 to publish first (battles commit one at creation). `known` names
 * it in the known-seed test mode (below), where it is then derived, not random.
 */
export function newSeedCommitment(known?: string): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = knownOrNull(known) ?? newServerSeed();
  return { serverSeed, serverSeedHash: hashOf(serverSeed) };
}

const pairColumns = ['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'] as const;

async function insertPair(db: Db, userId: number, clientSeed = newClientSeed()) {
  const serverSeed = knownPairSeed ? await knownServerSeed(db, userId, knownPairSeed) : newServerSeed();
  return db
    .insertInto('seed_pairs')
    .values({ user_id: userId, server_seed: serverSeed, server_seed_hash: hashOf(serverSeed), client_seed: clientSeed })
    .onConflict((oc) => oc.column('user_id').where('revealed_at', 'is', null).doNothing())
    .returning(pairColumns)
    .executeTakeFirst();
}

/** The player's active pair, created when there is none (a concurrent creator wins harmlessly). */
export async function activePair(db: Db, userId: number) {
  for (;;) {
    const existing = await db.selectFrom('seed_pairs').select(pairColumns).where('user_id', '=', userId).where('revealed_at', 'is', null).executeTakeFirst();
    if (existing) return existing;
    const created = await insertPair(db, userId);
    if (created) return created;
  }
}

/** How many rotations (plus the first pair's creation) one bet waits through before it gives up. */
const MAX_ROLL_ATTEMPTS = 12;

/**
 * The seeds and nonce of the next bet, inside the caller's transaction (the wallet's `tx.trx`), so
 * a rolled-back bet also gives its nonce back. Concurrent bets of one player serialize on the
 * pair's row; a rotation racing the bet makes the update miss and the bet uses the new pair.
 */
export async function nextRoll(trx: Transaction<Database>, userId: number): Promise<Roll> {
  // An attempt misses only when the player had no pair yet or one of their rotations committed
  // while it waited for the pair's row, so the bound is that many rotations racing one bet. It was
  // 5, and tests/server/fair/fairConcurrency.test.ts's 5 rotations racing 40 bets (the pool's
  // connections all open at once) used them up in a CI run.
  for (let attempt = 0; attempt < MAX_ROLL_ATTEMPTS; attempt++) {
    // One statement (one round trip) in the common case: take the next nonce of whatever pair is
    // active now and record it in seed_pair_rolls, whose primary key refuses a reused nonce.
    const { rows } = await sql<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>`
      with pair as (
        update seed_pairs set nonce = nonce + 1
        where user_id = ${userId}::bigint and revealed_at is null
        returning id, server_seed, server_seed_hash, client_seed, nonce
      ), roll as (
        insert into seed_pair_rolls (seed_pair_id, nonce) select id, nonce from pair
      )
      select id, server_seed, server_seed_hash, client_seed, nonce from pair`.execute(trx);
    const updated = rows[0];
    if (!updated) {
      // No active pair yet (first bet), or a rotation revealed it between statements.
      await activePair(trx, userId);
      continue;
    }
    return rollOf(updated);
  }
  throw new Error(`could not take a nonce for user ${userId}: the seed pair kept rotating`);
}

/** A pair's row as a Roll at the row's nonce. */
export function rollOf(pair: { id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }): Roll {
  return { serverSeed: pair.server_seed, serverSeedHash: pair.server_seed_hash, clientSeed: pair.client_seed, nonce: Number(pair.nonce), seedPairId: pair.id };
}

function stateOf(pair: { server_seed_hash: string; client_seed: string; nonce: number }): SeedState {
  return { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce: pair.nonce };
}

/** What GET /api/fair/seeds shows: the active pair without its server seed. */
export async function currentSeedState(db: Kysely<Database>, userId: number): Promise<SeedState> {
  return stateOf(await activePair(db, userId));
}

/**
 * Reveals the active pair and starts a new one with a fresh server seed and `clientSeed`
 * (random by default). Returns the revealed pair with its last nonce.
 */
export async function rotateSeeds(db: Kysely<Database>, userId: number, clientSeed?: string): Promise<RotateAnswer> {
  return db.transaction().execute(async (trx) => {
    for (;;) {
      const revealed = await trx
        .updateTable('seed_pairs')
        .set({ revealed_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revealed_at', 'is', null)
        .returning(pairColumns)
        .executeTakeFirst();
      if (!revealed) {
        // No active pair yet (or a concurrent rotation just revealed it): make one, then reveal it.
        await activePair(trx, userId);
        continue;
      }
      // A game still open on this pair (a Mines board) was fixed by its server seed: revealing the
      // seed would show the open board. Checked after the reveal's update has locked the pair, so a
      // bet on it commits first or waits for this rotation. The journal says what is open, for every game.
      const open = await trx.selectFrom('bets').select('id').where('seed_pair_id', '=', revealed.id).where('status', '=', 'open').limit(1).executeTakeFirst();
      if (open) throw msgError(422, 'Finish the game you have open before you change your seeds.');
      const next = await insertPair(trx, userId, clientSeed);
      if (!next) throw new Error('a second active seed pair appeared during rotation');
      const previous: RevealedSeedPair = { server_seed: revealed.server_seed, server_seed_hash: revealed.server_seed_hash, client_seed: revealed.client_seed, nonce: revealed.nonce };
      return { previous, current: stateOf(next) };
    }
  });
}

/**
 * Sets the player's client seed. An unused pair (nonce 0) is changed in place; a used pair is
 * rotated (revealed) first, so every (server seed, nonce) ever used belongs to exactly one client
 * seed and a bet's seed_pair_id + nonce always re-derive it.
 */
export async function setClientSeed(db: Kysely<Database>, userId: number, clientSeed: string): Promise<SeedState> {
  const pair = await activePair(db, userId);
  const changed = await db
    .updateTable('seed_pairs')
    .set({ client_seed: clientSeed })
    .where('id', '=', pair.id)
    .where('revealed_at', 'is', null)
    .where('nonce', '=', 0)
    .returning(pairColumns)
    .executeTakeFirst();
  if (changed) return stateOf(changed);
  return (await rotateSeeds(db, userId, clientSeed)).current;
}

export const HISTORY_PER_PAGE = 10;

/** Revealed pairs, newest first. */
export async function seedHistory(db: Kysely<Database>, userId: number, page: number): Promise<{ items: SeedHistoryItem[]; total: number }> {
  const base = db.selectFrom('seed_pairs').where('user_id', '=', userId).where('revealed_at', 'is not', null);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce', 'created_at', 'revealed_at'])
    .orderBy('revealed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_PER_PAGE)
    .offset((page - 1) * HISTORY_PER_PAGE)
    .execute();
  return {
    total: Number(total),
    items: rows.map((r) => ({
      id: r.id,
      server_seed: r.server_seed,
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: r.nonce,
      created_at: new Date(r.created_at).toISOString(),
      revealed_at: new Date(r.revealed_at!).toISOString(),
    })),
  };
}

/** A revealed pair of this player by id (bet verification links), or undefined while it is active. */
export async function revealedPair(db: Kysely<Database>, userId: number, seedPairId: number): Promise<RevealedSeedPair | undefined> {
  const row = await db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .where('id', '=', seedPairId)
    .where('user_id', '=', userId)
    .where('revealed_at', 'is not', null)
    .executeTakeFirst();
  return row;
}
