import { useId, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';

// A console panel that is one form (a settings object, a new race or challenge, a rank's rates):
// its title names the form for assistive technology and for tests (role form), and the server's
// answer to its last send shows under it (Outcome).

export interface FormOutcome {
  text: string;
  failed: boolean;
}

/** The server's answer to a console send: its refusal in red, else what the change does. */
export function Outcome({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  return (
    <span className={outcome.failed ? 'admin__error' : 'admin__notice'} role="status">
      {outcome.text}
    </span>
  );
}

export function PanelForm({ title, testId, onSubmit, children }: { title: string; testId: string; onSubmit: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <form
      className="admin__panel"
      data-testid={testId}
      aria-labelledby={id}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </form>
  );
}

/**
 * One row of a panel that is one form per thing (a rank's rates, a currency's rate): its fields, a
 * Save button for those who may change it, and the server's answer to the row's last send.
 */
export function RowForm({ testId, canEdit, outcome, onSubmit, children }: { testId: string; canEdit: boolean; outcome: FormOutcome | null; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="admin__toolbar"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {canEdit && (
        <Button size="small" type="submit">
          Save
        </Button>
      )}
      <Outcome outcome={outcome} />
    </form>
  );
}
