import { FairLayout, Formula, PublishedChains } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { WheelCalculator } from '../../features/fair/wheelCalculator.tsx';
import { ChainFormula } from './ChainFormula.tsx';
import { WheelLayoutPanel } from './WheelLayout.tsx';

// /wheel/provably-fair: the layout with each colour's exact return, the chain, the segment formula,
// the published chains and a calculator.
export default function WheelFairPage() {
  return (
    <FairLayout title="Wheel: provably fair" intro={<p>Every Crazy Wheel spin comes from a hash chain published before the first spin. Paste a finished spin’s hash to recompute where the wheel stopped.</p>}>
      <WheelCalculator />
      <PublishedChains game="wheel" />
      <ChainFormula />
      <WheelLayoutPanel />
      <Formula title="Verify a spin">
        <pre>segment = floor(X × 54)</pre>
        <p>
          Compute X from the round’s revealed hash and the chain’s salt as above, multiply by 54 and round down: that is the segment the wheel stopped on (0 … 53, clockwise from the
          pointer’s position at rest). Look it up in the layout for its colour. Every segment is equally likely, so a colour’s chance is its number of segments out of 54. The calculator does
          this for you: the round’s Verify link fills in its hash.
        </p>
      </Formula>
      <SeedsPanel />
    </FairLayout>
  );
}
