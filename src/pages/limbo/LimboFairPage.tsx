import { Formula } from '../../features/fair/FairLayout.tsx';
import { SeedPairFairPage } from '../fair/SeedPairFairPage.tsx';
import { LimboCalculator } from './LimboCalculator.tsx';

// /limbo/provably-fair: the limbo formula, the player's seeds and the calculator (docs/limbo.md).
export default function LimboFairPage() {
  return (
    <SeedPairFairPage
      title="Limbo: provably fair"
      intro={<p>Every limbo result comes from your seed pair. Before you bet you see the SHA-256 of the server seed; rotate your seeds to reveal it and check any past result here.</p>}
      calculator={(seeds, onSeeds) => <LimboCalculator seeds={seeds} onSeeds={onSeeds} />}
    >
      <Formula title="Limbo result">
        <pre>result = max(1, floor(0.99 / float × 100) / 100)</pre>
        <p>
          One float f = n / 2³² (n the first 4 bytes as a whole number), computed exactly as floor(99 × 2³² / n) hundredths, and shown up to 1,000,000.00×. A bet wins when result ≥ target and pays
          stake × target. The result reaches a target t for exactly floor(0.99 × 2³² / t) + 1 of the 2³² floats: a win chance of 99 / t %, a return of 99 % for every target.
        </p>
      </Formula>
    </SeedPairFairPage>
  );
}
