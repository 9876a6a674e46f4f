import { crashPoint } from '../../../core/fair/index.ts';
import { ChainCalculator } from './calculators.tsx';

// Crash's calculator on /crash/provably-fair: the shared round-game calculator with crash's outcome.

export function CrashCalculator() {
  return <ChainCalculator game="crash" copy={{ title: 'Crash calculator', resultLabel: 'Crash point', column: 'Crash' }} outcome={(h, salt) => `${crashPoint(h, salt).toFixed(2)}x`} />;
}
