import { plinkoPath } from '../outcomes.ts';
import { PLINKO_MULTIPLIERS, isPlinkoRisk, isPlinkoRows } from '../../games/plinkoPayouts.ts';
import { UsageError, type FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seed',
  help: `plinko   --rows R (8–16) [--risk low|medium|high]
                             {"game":"plinko","path":[1,0,…],"slot":5}`,
  flags: ['rows', 'risk'],
  run: ({ seeds, int, values }) => {
    const s = seeds();
    const rows = int('rows', 8, 16);
    if (!isPlinkoRows(rows)) throw new UsageError('--rows must be 8 to 16');
    const { path, slot } = plinkoPath(s.serverSeed, s.clientSeed, s.nonce, rows);
    const risk = values.risk;
    if (risk !== undefined && (typeof risk !== 'string' || !isPlinkoRisk(risk))) throw new UsageError('--risk must be low, medium or high');
    return risk ? { game: 'plinko', path, slot, multiplier: PLINKO_MULTIPLIERS[rows][risk][slot] } : { game: 'plinko', path, slot };
  },
};
