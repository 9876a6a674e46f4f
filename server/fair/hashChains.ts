import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PublishedChain } from '../../core/protocol/fair.ts';
import type { RoundGame } from '../../core/games/roundGames.ts';

// Hash chains of the round games (crash, wheel); formulas in core/fair/hashChain.ts and
// docs/fairness.md. A chain of `length` hashes (10 million by default: years of rounds) is
// generated once from a random secret seed h₀, hᵢ₊₁ = SHA-256(hᵢ as hex text); only h_L (the
// terminating hash) and the salt are published, before the first round. Game n uses h_{L−n}.
//
// Storage: not 10M rows. Every `segmentSize`-th hash is stored as a checkpoint, masked with
// HMAC-SHA256(APP_SECRET, "hash-chain:<terminating hash>:<position>") so a database dump alone
// reveals no future round. A game hash is recomputed from the checkpoint at or below its position;
// the whole segment (10 000 hashes, a few ms) is kept in memory, so rounds cost one lookup.
// When a chain is used up a new one is generated and published.
//
// A generation in flight when the node shuts down (a first start: minutes of hashing on a slow
// core) is given up at its next yield (`close`): nothing of it was stored, and the next start
// generates the chain again. Without that, every round loop's stop waited for it.

/** The games played on hash chains: the round games (core/games/roundGames.ts). */
export type ChainGame = RoundGame;
type Db = Kysely<Database> | Transaction<Database>;

export interface GameHash {
  chainId: number;
  game: ChainGame;
  /** 1 for the first round of the chain. */
  gameNumber: number;
  /** The round's hash: keep it secret until the round ends, then reveal it. */
  hash: string;
  salt: string;
  terminatingHash: string;
}

export interface HashChainOptions {
  db: Kysely<Database>;
  secret: string;
  length: number;
  segmentSize: number;
  /** Public salts per game (e.g. a future Bitcoin block hash); random per chain when absent. */
  salts?: Partial<Record<ChainGame, string>>;
  /**
   * Test only (FAIR_CHAIN_SEED, refused in production): h₀ = SHA-256("<seed>:<game>") instead of a
   * random secret, so a test knows every round's hash and outcome in advance (`knownChainSeed`).
   */
  seed?: string;
}

interface ChainRow {
  id: number;
  game: ChainGame;
  length: number;
  segment_size: number;
  terminating_hash: string;
  salt: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** h₀ of a game's chain generated from a known seed (FAIR_CHAIN_SEED; tests recompute it). */
export const knownChainSeed = (seed: string, game: ChainGame) => sha256Hex(`${seed}:${game}`);

function mask(secret: string, terminatingHash: string, position: number, hash: string): string {
  const pad = createHmac('sha256', secret).update(`hash-chain:${terminatingHash}:${position}`).digest();
  const bytes = Buffer.from(hash, 'hex');
  for (let i = 0; i < bytes.length; i++) bytes[i]! ^= pad[i]!;
  return bytes.toString('hex');
}
// XOR with the same pad undoes the mask.
const unmask = mask;

const chainColumns = ['id', 'game', 'length', 'segment_size', 'terminating_hash', 'salt'] as const;

/** What a generation given up by `close()` rejects with. */
export class HashChainsClosed extends Error {
  constructor() {
    super('the hash chains were closed while a chain was being generated');
  }
}

export function createHashChains(options: HashChainOptions) {
  const { db, secret, length, segmentSize } = options;
  let closed = false;
  const active = new Map<ChainGame, ChainRow>();
  const generating = new Map<ChainGame, Promise<ChainRow>>();
  const segments = new Map<string, string[]>();

  async function generate(game: ChainGame): Promise<ChainRow> {
    if (closed) throw new HashChainsClosed();
    const checkpoints: { position: number; hash: string }[] = [];
    let hash = options.seed ? knownChainSeed(options.seed, game) : randomBytes(32).toString('hex');
    for (let i = 0; i < length; i++) {
      if (i % segmentSize === 0) checkpoints.push({ position: i, hash });
      hash = sha256Hex(hash);
      // Yield now and then: generating 10M hashes takes seconds and must not stall requests.
      if (i % 50_000 === 49_999) {
        await new Promise((resolve) => setImmediate(resolve));
        if (closed) throw new HashChainsClosed();
      }
    }
    const terminating = hash;
    const salt = options.salts?.[game] || randomBytes(32).toString('hex');
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('hash_chains')
        .values({ game, length, segment_size: segmentSize, terminating_hash: terminating, salt })
        .onConflict((oc) => oc.column('game').where('exhausted_at', 'is', null).doNothing())
        .returning(chainColumns)
        .executeTakeFirst();
      // Another node published a chain first: use that one, drop ours.
      if (!row) return (await findActive(trx, game))!;
      for (let i = 0; i < checkpoints.length; i += 500) {
        await trx
          .insertInto('hash_chain_checkpoints')
          .values(checkpoints.slice(i, i + 500).map((c) => ({ chain_id: row.id, position: c.position, masked_hash: mask(secret, terminating, c.position, c.hash) })))
          .execute();
      }
      return row as ChainRow;
    });
  }

  async function findActive(q: Db, game: ChainGame): Promise<ChainRow | undefined> {
    return (await q.selectFrom('hash_chains').select(chainColumns).where('game', '=', game).where('exhausted_at', 'is', null).executeTakeFirst()) as ChainRow | undefined;
  }

  /** The active chain of a game, generated and published when there is none. */
  async function ensure(game: ChainGame): Promise<ChainRow> {
    const cached = active.get(game);
    if (cached) return cached;
    const found = await findActive(db, game);
    if (found) {
      active.set(game, found);
      return found;
    }
    let pending = generating.get(game);
    if (!pending) {
      pending = generate(game).finally(() => generating.delete(game));
      generating.set(game, pending);
    }
    const row = await pending;
    active.set(game, row);
    return row;
  }

  /** The chain hash at `position` (0 … length − 1), recomputed from its segment's checkpoint. */
  async function hashAt(chain: ChainRow, position: number, q: Db = db): Promise<string> {
    const start = Math.floor(position / chain.segment_size) * chain.segment_size;
    const key = `${chain.id}:${start}`;
    let segment = segments.get(key);
    if (!segment) {
      const checkpoint = await q.selectFrom('hash_chain_checkpoints').select('masked_hash').where('chain_id', '=', chain.id).where('position', '=', start).executeTakeFirstOrThrow();
      segment = [unmask(secret, chain.terminating_hash, start, checkpoint.masked_hash)];
      const end = Math.min(start + chain.segment_size, chain.length);
      for (let p = start + 1; p < end; p++) segment.push(sha256Hex(segment[segment.length - 1]!));
      // Rounds walk down one segment at a time; two cached segments per game are plenty.
      if (segments.size >= 4) segments.delete(segments.keys().next().value!);
      segments.set(key, segment);
    }
    return segment[position - start]!;
  }

  /**
   * The next round's hash of a game. Pass the round's transaction as `trx` to take the round
   * number atomically with the round row; the counter's conditional update means two nodes never
   * get the same round.
   */
  async function nextGameHash(game: ChainGame, trx?: Transaction<Database>): Promise<GameHash> {
    const q: Db = trx ?? db;
    for (;;) {
      const chain = await ensure(game);
      const taken = await q
        .updateTable('hash_chains')
        .set({ played: sql`played + 1` })
        .where('id', '=', chain.id)
        .where('exhausted_at', 'is', null)
        .where('played', '<', sql<number>`length`)
        .returning('played')
        .executeTakeFirst();
      if (!taken) {
        // Used up (or retired elsewhere): retire it and publish a fresh chain.
        await q.updateTable('hash_chains').set({ exhausted_at: sql`now()` }).where('id', '=', chain.id).where('exhausted_at', 'is', null).execute();
        active.delete(game);
        if (trx) throw new Error(`the ${game} hash chain is used up: call nextGameHash again outside this transaction`);
        continue;
      }
      const gameNumber = taken.played;
      return { chainId: chain.id, game, gameNumber, hash: await hashAt(chain, chain.length - gameNumber, q), salt: chain.salt, terminatingHash: chain.terminating_hash };
    }
  }

  /** Every chain, newest first: what GET /api/fair/chains publishes. */
  async function published(): Promise<PublishedChain[]> {
    const rows = await db.selectFrom('hash_chains').select(['game', 'terminating_hash', 'salt', 'length', 'played', 'created_at', 'exhausted_at']).orderBy('id', 'desc').execute();
    return rows.map((r) => ({
      game: r.game,
      terminating_hash: r.terminating_hash,
      salt: r.salt,
      length: Number(r.length),
      played: Number(r.played),
      active: r.exhausted_at === null,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  /** Gives up a generation in flight (it rejects with HashChainsClosed at its next yield, having stored nothing) and refuses new ones: the first step of a shutdown. */
  function close(): void {
    closed = true;
  }

  return { ensure, nextGameHash, published, hashAt, close };
}

export type HashChains = ReturnType<typeof createHashChains>;
