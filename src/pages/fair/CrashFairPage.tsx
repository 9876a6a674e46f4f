import { FairLayout, Formula, PublishedChains } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { CrashCalculator } from '../../features/fair/crashCalculator.tsx';
import { ChainFormula } from './ChainFormula.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /crash/provably-fair: the chain, the crash formula, the published chains and a calculator.
export default function CrashFairPage() {
  return (
    <FairLayout title={t('crashTitle')} intro={<p>{t('crashIntro')}</p>}>
      <CrashCalculator />
      <PublishedChains game="crash" />
      <ChainFormula />
      <Formula title={t('crashPoint')}>
        <pre>{'crash = max(1, floor(99 / (1 − X)) / 100)'}</pre>
        <p>{t('crashOdds')}</p>
      </Formula>
      <SeedsPanel />
    </FairLayout>
  );
}
