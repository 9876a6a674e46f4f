import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { wheelResult } from '../../../core/fair/index.ts';
import { ChainCalculator } from './calculators.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The wheel's calculator on /wheel/provably-fair: the shared round-game calculator with the wheel's
// outcome and its number of segments.

export function WheelCalculator({ segments: initialSegments = 54 }: { segments?: number }) {
  const [segments, setSegments] = useState(String(initialSegments));
  return (
    <ChainCalculator
      game="wheel"
      copy={{ title: t('wheelCalculator'), resultLabel: t('segment'), column: t('segment') }}
      outcome={(h, salt) => {
        const n = Number(segments);
        if (!Number.isInteger(n) || n < 1) throw new Error(t('badSegments'));
        return String(wheelResult(h, salt, n));
      }}
      extra={<TextInput label={t('segments')} value={segments} inputMode="numeric" onChange={(e) => setSegments(e.target.value)} />}
    />
  );
}
