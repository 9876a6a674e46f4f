import { FairLayout, Formula, PublishedChains } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { WheelCalculator } from '../../features/fair/calculators.tsx';
import { ChainFormula } from './ChainFormula.tsx';

// /wheel/provably-fair: the chain, the segment formula, the published chains and a calculator.
export default function WheelFairPage() {
  return (
    <FairLayout title="Wheel: provably fair" intro={<p>Every Crazy Wheel spin comes from a hash chain published before the first spin. Paste a finished spin’s hash to recompute where the wheel stopped.</p>}>
      <WheelCalculator />
      <PublishedChains game="wheel" />
      <ChainFormula />
      <Formula title="Wheel segment">
        <pre>segment = floor(X × number of segments)</pre>
        <p>Segments are numbered clockwise from the pointer’s position at rest, starting at 0; every segment is equally likely.</p>
      </Formula>
      <SeedsPanel />
    </FairLayout>
  );
}
