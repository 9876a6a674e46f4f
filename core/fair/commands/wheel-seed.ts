import { wheelSegment } from '../outcomes.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `wheel-seed --segments N    wheel segment from a seed pair`,
  flags: ['segments'],
  run: ({ seeds, int }) => {
    const s = seeds();
    return { game: 'wheel-seed', segment: wheelSegment(s.serverSeed, s.clientSeed, s.nonce, int('segments', 1)) };
  },
};
