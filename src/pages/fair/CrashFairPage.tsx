import { FairLayout, Formula, PublishedChains } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { CrashCalculator } from '../../features/fair/crashCalculator.tsx';
import { ChainFormula } from './ChainFormula.tsx';

// /crash/provably-fair: the chain, the crash formula, the published chains and a calculator.
export default function CrashFairPage() {
  return (
    <FairLayout title="Crash: provably fair" intro={<p>Every crash point comes from a hash chain published before the first round. Paste a finished round’s hash to recompute it and the rounds before it.</p>}>
      <CrashCalculator />
      <PublishedChains game="crash" />
      <ChainFormula />
      <Formula title="Crash point">
        <pre>crash = max(1, floor(99 / (1 − X)) / 100)</pre>
        <p>So P(crash ≥ m) = 0.99 / m for every multiplier m ≥ 1: a cash-out target of m pays m × bet with probability 0.99 / m, a return of 99 %. About 1 round in 100 crashes at 1.00x.</p>
      </Formula>
      <SeedsPanel />
    </FairLayout>
  );
}
