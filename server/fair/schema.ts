import type { Generated } from 'kysely';
import type { RoundGame } from '../../core/games/roundGames.ts';

// Tables of the provably fair area (migration 0100_fair.ts).
export interface FairTables {
  seed_pairs: {
    id: Generated<number>;
    user_id: number;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: Generated<number>;
    created_at: Generated<Date>;
    revealed_at: Date | null;
  };
  seed_pair_rolls: {
    seed_pair_id: number;
    nonce: number;
    created_at: Generated<Date>;
  };
  hash_chains: {
    id: Generated<number>;
    game: RoundGame;
    length: number;
    segment_size: number;
    terminating_hash: string;
    salt: string;
    played: Generated<number>;
    created_at: Generated<Date>;
    exhausted_at: Date | null;
  };
  hash_chain_checkpoints: {
    chain_id: number;
    position: number;
    masked_hash: string;
  };
}
