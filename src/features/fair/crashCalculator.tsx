import { crashPoint } from '../../../core/fair/index.ts';
import { ChainCalculator } from './calculators.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// Crash's calculator on /crash/provably-fair: the shared round-game calculator with crash's outcome.

export function CrashCalculator() {
  return <ChainCalculator game="crash" copy={{ title: t('crashCalculator'), resultLabel: t('crashPoint'), column: t('crashColumn') }} outcome={(h, salt) => `${crashPoint(h, salt).toFixed(2)}x`} />;
}
