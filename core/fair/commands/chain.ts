import { sha256Hex } from '../sha256.ts';
import { verifyChain } from '../hashChain.ts';
import type { FairCommand } from './command.ts';

export const command: FairCommand = {
  section: 'chain',
  help: `chain    --hash H --terminating-hash T [--max-steps N]   walks back to the terminating hash`,
  flags: ['hash', 'terminating-hash', 'max-steps'],
  run: ({ need, int }) => {
    const hash = need('hash');
    const steps = verifyChain(hash, need('terminating-hash'), int('max-steps', 1, 10_000_000));
    return { game: 'chain', hash, next: sha256Hex(hash), gameNumber: steps, valid: steps !== null };
  },
};
