import type { ReactNode } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { sha256Hex } from '../../../core/fair/index.ts';
import type { SeedInput } from './seedInput.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The frame every calculator shares: a title, the inputs, and the recomputed outcome (or why
// it cannot be computed). Everything runs in the browser with core/fair: no server call.

/** Input still missing: shown as a hint, not as an error. */
export class NeedInput extends Error {}

export function CalculatorFrame({ id, title, children, result, error }: { id?: string; title: string; children: ReactNode; result: ReactNode; error?: { message: string; hint: boolean } | null }) {
  return (
    <section id={id} className="fair-panel fair-calculator" data-testid="fair-calculator">
      <h2>{title}</h2>
      <div className="fair-calculator__inputs">{children}</div>
      <div className="fair-calculator__result" aria-live="polite">
        {error ? <p className={error.hint ? 'fair-muted' : 'fair-error'}>{error.message}</p> : result}
      </div>
    </section>
  );
}

/** Server seed, client seed and nonce inputs, plus the typed server seed's SHA-256 to compare. */
export function SeedFields({ value, onChange, clientLabel = t('clientSeed'), nonceLabel = t('nonce') }: { value: SeedInput; onChange: (next: SeedInput) => void; clientLabel?: string; nonceLabel?: string }) {
  return (
    <>
      <TextInput label={t('serverSeed')} value={value.serverSeed} onChange={(e) => onChange({ ...value, serverSeed: e.target.value })} data-testid="calc-server-seed" spellCheck={false} />
      {value.serverSeed && (
        <p className="fair-muted fair-small">
          {'SHA-256: '}
          <code className="fair-mono">{sha256Hex(value.serverSeed)}</code>
        </p>
      )}
      <TextInput label={clientLabel} value={value.clientSeed} onChange={(e) => onChange({ ...value, clientSeed: e.target.value })} data-testid="calc-client-seed" spellCheck={false} />
      <TextInput label={nonceLabel} value={value.nonce} inputMode="numeric" onChange={(e) => onChange({ ...value, nonce: e.target.value })} data-testid="calc-nonce" />
    </>
  );
}

export function ResultValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="fair-result">
      <span className="fair-label">{label}</span>
      <span className="fair-result__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Runs a computation on typed input; a thrown error becomes the message shown instead. */
export function attempt<T>(compute: () => T): { value: T | null; error: { message: string; hint: boolean } | null } {
  try {
    return { value: compute(), error: null };
  } catch (e) {
    return { value: null, error: { message: e instanceof Error ? e.message : String(e), hint: e instanceof NeedInput } };
  }
}
