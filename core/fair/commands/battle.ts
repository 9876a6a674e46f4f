import { battlePublicSeed, battleRolls, battleSplitOrder } from '../battle.ts';
import { BATTLE_MODES, battleLayout, battleTeams, type BattleMode } from '../../games/battle.ts';
import { UsageError, type FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'seats',
  help: `battle   --server-seed S (--public-seed P | --client-seeds "a,b,…") --round R --seats N
           [--mode 2v2|3v3 …]   with a mode, each team's split order (ties in the split go first to first)`,
  flags: ['public-seed', 'client-seeds', 'round', 'seats', 'mode'],
  run: ({ need, int, values }) => {
    const serverSeed = need('server-seed');
    const clientSeeds = values['client-seeds'];
    const publicSeed = values['public-seed'] ?? (typeof clientSeeds === 'string' ? battlePublicSeed(clientSeeds.split(',')) : undefined);
    if (typeof publicSeed !== 'string') throw new UsageError('--public-seed or --client-seeds is required');
    const round = int('round', 1);
    const tickets = battleRolls(serverSeed, publicSeed, round, int('seats', 1));
    if (values.mode === undefined) return { game: 'battle', publicSeed, round, tickets };
    if (!(BATTLE_MODES as readonly unknown[]).includes(values.mode)) throw new UsageError(`--mode is one of ${BATTLE_MODES.join(', ')}`);
    const mode = values.mode as BattleMode;
    if (battleLayout(mode).seats !== tickets.length) throw new UsageError(`a ${mode} battle has ${battleLayout(mode).seats} seats`);
    return { game: 'battle', publicSeed, round, tickets, splitOrders: battleTeams(mode).map((members) => battleSplitOrder(serverSeed, publicSeed, members)) };
  },
};
