import { FairLayout, Formula } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { BattleCalculator, BoxCalculator, UpgradeCalculator } from '../../features/fair/calculators.tsx';
import { useSeedInput } from '../../features/fair/seedInput.ts';
import { TICKETS } from '../../../core/fair/index.ts';
import { SeedPairFormula } from './SeedPairFormula.tsx';
import { formatNumber } from '../../format/format.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /provably-fair: how fairness works everywhere, with boxes, upgrade and battles in detail.
export default function ProvablyFairPage() {
  const [seeds, setSeeds] = useSeedInput();
  const verify = (p: { server_seed: string; client_seed: string; nonce: number }) => setSeeds({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(p.nonce) });
  return (
    <FairLayout
      title={t('overviewTitle')}
      intro={<p>{t('overviewIntro')}</p>}
    >
      <SeedsPanel onVerify={verify} />
      <SeedPairFormula />
      <Formula title={t('boxTitle')}>
        <pre>{`ticket = floor(float × ${TICKETS.toLocaleString('en-US')}) + 1       1 … ${TICKETS.toLocaleString('en-US')}`}</pre>
        <p>{t('boxRanges', { tickets: formatNumber(TICKETS) })}</p>
      </Formula>
      <BoxCalculator seeds={seeds} onSeeds={setSeeds} />
      <Formula title={t('upgradeTitle')}>
        <p>{t('upgradeRule')}</p>
      </Formula>
      <UpgradeCalculator seeds={seeds} onSeeds={setSeeds} />
      <Formula id="battle-rules" title={t('battlesTitle')}>
        <p>{t('battlesSeeds')}</p>
        <p>{t('battlesTeams')}</p>
        <p>{t('battlesTieBreak')}</p>
        <pre>{`ticket(seat, round) = floor(float_s(serverSeed, publicSeed, round) × ${TICKETS}) + 1
tie-break: tiedSeats[floor(float_0(serverSeed, publicSeed, nonce 0) × tiedSeats.length)]
split order: the team's seats in ascending order, then for i = n−1 … 1 (k = 1, 2, …)
  swap place i with place floor(float_k(serverSeed, publicSeed, nonce 0) × (i + 1))`}</pre>
      </Formula>
      <BattleCalculator />
    </FairLayout>
  );
}
