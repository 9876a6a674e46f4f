import { Formula } from '../../features/fair/FairLayout.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The seed-pair scheme shared by dice, plinko, boxes, upgrade and battles (docs/fairness.md).
export function SeedPairFormula() {
  return (
    <Formula title={t('seedPairTitle')}>
      <p>{t('seedPairParts')}</p>
      <pre>{`bytes(round) = HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + round)
float = b0/256 + b1/256² + b2/256³ + b3/256⁴        (4 bytes each, 8 floats per round)`}</pre>
      <p>{t('seedPairRounds')}</p>
    </Formula>
  );
}
