import { crashPoint } from '../hashChain.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'chain',
  help: `crash                      {"game":"crash","crashPoint":1.23}`,
  flags: ['hash', 'salt'],
  run: ({ need }) => ({ game: 'crash', crashPoint: crashPoint(need('hash'), need('salt')) }),
};
