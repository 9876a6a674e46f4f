import { FairLayout, Formula } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { PlinkoCalculator } from '../../features/fair/calculators.tsx';
import { useSeedInput } from '../../features/fair/seedInput.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoReturn } from '../../../core/games/plinkoPayouts.ts';
import { SeedPairFormula } from './SeedPairFormula.tsx';

// /plinko/provably-fair: the path formula, the exact return of every table, seeds and a calculator.
export default function PlinkoFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  return (
    <FairLayout title="Plinko: provably fair" intro={<p>The ball’s path is decided from your seed pair before it drops; the animation only follows it. Check any drop with its seeds and nonce.</p>}>
      <SeedsPanel onVerify={(p) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) })} />
      <PlinkoCalculator seeds={seeds} onSeeds={setSeeds} />
      <SeedPairFormula />
      <Formula title="Path and slot">
        <pre>{`direction(row) = floor(float(row) × 2)     0 = left, 1 = right
slot = number of rights                     0 … rows`}</pre>
        <p>One float per row, so the slot follows the binomial distribution: P(slot = k) = C(rows, k) / 2^rows. The exact return of each table:</p>
        <table className="fair-table">
          <thead>
            <tr>
              <th>Rows</th>
              {PLINKO_RISKS.map((r) => (
                <th key={r}>{r}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLINKO_ROWS.map((rows) => (
              <tr key={rows}>
                <td>{rows}</td>
                {PLINKO_RISKS.map((risk) => (
                  <td key={risk}>{(plinkoReturn(rows, risk) * 100).toFixed(4)} %</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Formula>
    </FairLayout>
  );
}
