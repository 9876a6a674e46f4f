import { Formula } from '../../features/fair/FairLayout.tsx';
import { DiceCalculator } from '../../features/fair/calculators.tsx';
import { SeedPairFairPage } from './SeedPairFairPage.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /dice/provably-fair: the dice formula, the player's seeds and a calculator.
export default function DiceFairPage() {
  return (
    <SeedPairFairPage
      title={t('diceTitle')}
      intro={<p>{t('diceIntro')}</p>}
      calculator={(seeds, onSeeds) => <DiceCalculator seeds={seeds} onSeeds={onSeeds} />}
    >
      <Formula title={t('diceRoll')}>
        <pre>{'roll = floor(float × 10001) / 100'}</pre>
        <p>{t('diceOdds')}</p>
      </Formula>
    </SeedPairFairPage>
  );
}
