import './ChipGroup.css';

// A row of chips of which one is pressed: a page's tabs, a leaderboard's period or ranking, a risk
// level. `label` names the group for screen readers (role="group"); without it the row is plain.

export interface Chip<V extends string> {
  value: V;
  label: string;
}

export function ChipGroup<V extends string>({
  chips,
  value,
  onChange,
  label,
  className,
  disabled,
}: {
  chips: readonly Chip<V>[];
  value: V;
  onChange: (value: V) => void;
  label?: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <div className={className ? `game-page__tabs ${className}` : 'game-page__tabs'} role={label ? 'group' : undefined} aria-label={label}>
      {chips.map((c) => (
        <button key={c.value} type="button" aria-pressed={value === c.value} disabled={disabled} onClick={() => onChange(c.value)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}

/** Chips for a list of values, each named by `labels`. */
export const chipsOf = <V extends string>(values: readonly V[], labels: Record<V, string>): Chip<V>[] => values.map((value) => ({ value, label: labels[value] }));
