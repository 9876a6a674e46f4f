import { floats, limboResult } from '../../../core/fair/index.ts';
import { attempt, CalculatorFrame, ResultValue, SeedFields } from '../../features/fair/CalculatorFrame.tsx';
import { requireSeeds } from '../../features/fair/calculators.tsx';
import type { SeedInput } from '../../features/fair/seedInput.ts';
import { formatMultiplier } from '../../../scenes/limbo/LimboScene.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// Limbo's calculator: server seed, client seed and nonce → the result multiplier, with the float and
// the integer it is computed from (core/fair/limbo.ts, the server's own function).
export function LimboCalculator({ seeds, onSeeds }: { seeds: SeedInput; onSeeds: (next: SeedInput) => void }) {
  const { value, error } = attempt(() => {
    const s = requireSeeds(seeds);
    const float = floats(s.serverSeed, s.clientSeed, s.nonce, 1)[0]!;
    return { result: limboResult(s.serverSeed, s.clientSeed, s.nonce), float, n: Math.round(float * 2 ** 32) };
  });
  return (
    <CalculatorFrame
      title={t('calculator')}
      error={error}
      result={
        value && (
          <>
            <ResultValue label={t('calcResult')} value={formatMultiplier(value.result)} testId="calc-limbo-result" />
            <p className="fair-muted fair-small">
              {`float = ${value.float.toFixed(12)} = ${value.n} / 2³² → max(1, floor(99 × 2³² / ${value.n}) / 100) = ${value.result.toFixed(2)}`}
            </p>
          </>
        )
      }
    >
      <SeedFields value={seeds} onChange={onSeeds} />
    </CalculatorFrame>
  );
}
