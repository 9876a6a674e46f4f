import { Formula } from '../../features/fair/FairLayout.tsx';
import { SeedPairFairPage } from '../fair/SeedPairFairPage.tsx';
import { LimboCalculator } from './LimboCalculator.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /limbo/provably-fair: the limbo formula, the player's seeds and the calculator (docs/limbo.md).
export default function LimboFairPage() {
  return (
    <SeedPairFairPage
      title={t('fairTitle')}
      intro={<p>{t('fairIntro')}</p>}
      calculator={(seeds, onSeeds) => <LimboCalculator seeds={seeds} onSeeds={onSeeds} />}
    >
      <Formula title={t('formulaTitle')}>
        {/* The formula as the code writes it, the same in every language. */}
        <pre>{'result = max(1, floor(0.99 / float × 100) / 100)'}</pre>
        <p>{t('formulaText')}</p>
      </Formula>
    </SeedPairFairPage>
  );
}
