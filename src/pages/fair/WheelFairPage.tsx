import { FairLayout, Formula, PublishedChains } from '../../features/fair/FairLayout.tsx';
import { SeedsPanel } from '../../features/fair/SeedsPanel.tsx';
import { WheelCalculator } from '../../features/fair/wheelCalculator.tsx';
import { ChainFormula } from './ChainFormula.tsx';
import { WheelLayoutPanel } from './WheelLayout.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /wheel/provably-fair: the layout with each colour's exact return, the chain, the segment formula,
// the published chains and a calculator.
export default function WheelFairPage() {
  return (
    <FairLayout title={t('wheelTitle')} intro={<p>{t('wheelIntro')}</p>}>
      <WheelCalculator />
      <PublishedChains game="wheel" />
      <ChainFormula />
      <WheelLayoutPanel />
      <Formula title={t('wheelVerify')}>
        <pre>{'segment = floor(X × 54)'}</pre>
        <p>{t('wheelVerifySteps')}</p>
      </Formula>
      <SeedsPanel />
    </FairLayout>
  );
}
