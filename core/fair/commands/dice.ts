import { diceRoll } from '../outcomes.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `dice                       {"game":"dice","roll":93.08}`,
  flags: [],
  run: ({ seeds }) => {
    const s = seeds();
    return { game: 'dice', roll: diceRoll(s.serverSeed, s.clientSeed, s.nonce) };
  },
};
