import type { ReactNode } from 'react';
import { FairLayout } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { useSeedInput, type SeedInput } from '../../features/fair/seedInput.ts';
import { SeedPairFormula } from './SeedPairFormula.tsx';

// The fairness page of a game played on the player's seed pair (dice, limbo): the player's seeds
// (a revealed pair fills the calculator), the game's calculator, the seed-pair scheme, then the
// game's own formula (children).
export function SeedPairFairPage({ title, intro, calculator, children }: { title: string; intro: ReactNode; calculator(seeds: SeedInput, onSeeds: (next: SeedInput) => void): ReactNode; children: ReactNode }) {
  const [seeds, setSeeds] = useSeedInput();
  return (
    <FairLayout title={title} intro={intro}>
      <SeedsPanel onVerify={(p) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) })} />
      {calculator(seeds, setSeeds)}
      <SeedPairFormula />
      {children}
    </FairLayout>
  );
}
