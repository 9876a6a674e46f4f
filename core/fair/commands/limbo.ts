import { limboResult } from '../limbo.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `limbo                      result multiplier (two decimals, 1.00 … 1000000.00)`,
  flags: [],
  run: ({ seeds }) => {
    const s = seeds();
    return { game: 'limbo', result: limboResult(s.serverSeed, s.clientSeed, s.nonce) };
  },
};
