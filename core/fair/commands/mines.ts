import { minesBoard } from '../mines.ts';
import { UsageError, type FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `mines    --mines M (1–24)  {"game":"mines","mines":[3,17,…]} the mines' tiles (0 top left … 24, row by row)`,
  flags: ['mines'],
  run: ({ seeds, int }) => {
    const s = seeds();
    const mines = int('mines', 1);
    if (mines > 24) throw new UsageError('--mines must be 1 to 24');
    return { game: 'mines', mines: minesBoard(s.serverSeed, s.clientSeed, s.nonce, mines) };
  },
};
