import { ticket } from '../outcomes.ts';
import { UsageError, type FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `upgrade  --chance P        ticket and whether it wins (ticket ≤ P × 1000)`,
  flags: ['chance'],
  run: ({ seeds, need }) => {
    const s = seeds();
    const chance = Number(need('chance'));
    if (!(chance > 0 && chance < 100)) throw new UsageError('--chance must be a percentage between 0 and 100');
    const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
    return { game: 'upgrade', ticket: t, won: t <= Math.round(chance * 1000) };
  },
};
