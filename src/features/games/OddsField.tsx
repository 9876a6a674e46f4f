import { useEffect, useId, useState } from 'react';
import type { OddsInput } from './typedOdds.ts';

// One of a bet form's typed odds (dice's win chance and multiplier, limbo's target and win chance):
// it shows the current target's value until the player types, reads the typed text when the field
// is left or Enter is pressed (never while typing, docs/product.md §5), and hands the target it
// gives to the page, or its problem.

export interface OddsFieldProps {
  label: string;
  /** The unit after the number ("%", "×"). */
  unit: string;
  /** The current target's value, as the field shows it when not being edited. */
  shown: string;
  read(text: string): OddsInput;
  onTarget(target: number): void;
  /** The typed value's problem (null: none); the page shows it beneath the odds. */
  onProblem(problem: string | null): void;
  problemId: string;
  invalid: boolean;
  disabled?: boolean;
}

export function OddsField({ label, unit, shown, read, onTarget, onProblem, problemId, invalid, disabled }: OddsFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // A target set elsewhere (the slider, the other field, the swap) replaces what was typed here.
  useEffect(() => setDraft(null), [shown]);
  const commit = () => {
    if (draft === null) return;
    const typed = read(draft);
    if ('problem' in typed) return onProblem(typed.problem);
    onProblem(null);
    setDraft(null);
    onTarget(typed.target);
  };
  return (
    <div className="game-page__stat">
      <label htmlFor={id}>{label}</label>
      <div className="game-page__stat-field">
        <input
          id={id}
          name={label}
          inputMode="decimal"
          autoComplete="off"
          value={draft ?? shown}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? problemId : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <span aria-hidden>{unit}</span>
      </div>
    </div>
  );
}

/** The typed odds' problem beneath the fields (the fields point at it by `id` while invalid). */
export function OddsProblem({ id, message }: { id: string; message: string }) {
  return (
    <p className="text-input__error" id={id} role="alert">
      {message}
    </p>
  );
}
