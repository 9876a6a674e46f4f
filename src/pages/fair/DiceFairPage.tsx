import { Formula } from '../../features/fair/FairLayout.tsx';
import { DiceCalculator } from '../../features/fair/calculators.tsx';
import { SeedPairFairPage } from './SeedPairFairPage.tsx';

// /dice/provably-fair: the dice formula, the player's seeds and a calculator.
export default function DiceFairPage() {
  return (
    <SeedPairFairPage
      title="Dice: provably fair"
      intro={<p>Every dice roll comes from your seed pair. Before you bet you see the SHA-256 of the server seed; rotate your seeds to reveal it and check any past roll here.</p>}
      calculator={(seeds, onSeeds) => <DiceCalculator seeds={seeds} onSeeds={onSeeds} />}
    >
      <Formula title="Dice roll">
        <pre>roll = floor(float × 10001) / 100</pre>
        <p>One float, so the roll is one of 10 001 equally likely values from 0.00 to 100.00. “Under” wins when roll &lt; target, “over” when roll &gt; target; the payout multiplier is 99 / chance, an exact return of 9900 / 10001 ≈ 98.99 % for every target.</p>
      </Formula>
    </SeedPairFairPage>
  );
}
