import { FairLayout, Formula } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { PlinkoCalculator, plinkoRiskLabel } from '../../features/fair/calculators.tsx';
import { useSeedInput } from '../../features/fair/seedInput.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoReturn } from '../../../core/games/plinkoPayouts.ts';
import { SeedPairFormula } from './SeedPairFormula.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /plinko/provably-fair: the path formula, the exact return of every table, seeds and a calculator.
export default function PlinkoFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  return (
    <FairLayout title={t('plinkoTitle')} intro={<p>{t('plinkoIntro')}</p>}>
      <SeedsPanel onVerify={(p) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) })} />
      <PlinkoCalculator seeds={seeds} onSeeds={setSeeds} />
      <SeedPairFormula />
      <Formula title={t('plinkoPath')}>
        <pre>{`direction(row) = floor(float(row) × 2)     0 = left, 1 = right
slot = number of rights                     0 … rows`}</pre>
        <p>{t('plinkoOdds')}</p>
        <table className="fair-table">
          <thead>
            <tr>
              <th>{t('rows')}</th>
              {PLINKO_RISKS.map((r) => (
                <th key={r}>{plinkoRiskLabel(r)}</th>
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
