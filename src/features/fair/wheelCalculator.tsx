import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { wheelResult } from '../../../core/fair/index.ts';
import { ChainCalculator } from './calculators.tsx';

// The wheel's calculator on /wheel/provably-fair: the shared round-game calculator with the wheel's
// outcome and its number of segments.

export function WheelCalculator({ segments: initialSegments = 54 }: { segments?: number }) {
  const [segments, setSegments] = useState(String(initialSegments));
  return (
    <ChainCalculator
      game="wheel"
      copy={{ title: 'Wheel calculator', resultLabel: 'Segment', column: 'Segment' }}
      outcome={(h, salt) => {
        const n = Number(segments);
        if (!Number.isInteger(n) || n < 1) throw new Error('Segments is a whole number (1 or more).');
        return String(wheelResult(h, salt, n));
      }}
      extra={<TextInput label="Segments" value={segments} inputMode="numeric" onChange={(e) => setSegments(e.target.value)} />}
    />
  );
}
