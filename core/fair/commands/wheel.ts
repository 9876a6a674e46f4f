import { wheelResult } from '../hashChain.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'chain',
  help: `wheel    [--segments N]    segment of the wheel (default 54)`,
  flags: ['hash', 'salt', 'segments'],
  run: ({ need, int }) => ({ game: 'wheel', segment: wheelResult(need('hash'), need('salt'), int('segments', 1, 54)) }),
};
