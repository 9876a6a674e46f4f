import { useId, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSendFor, useAdminData } from './adminApi.ts';
import { useCan } from './staffContext.ts';
import { Outcome, PanelForm, type FormOutcome } from './PanelForm.tsx';
import type { AnswerOf, CallInput, Route } from '../../../core/protocol/route.ts';

// One form for a flat settings object the console reads with one GET and replaces with one PUT
// (the chat's gates, tips and rain on /admin/chat): numbers as text fields, switches as checkboxes,
// lists (hosts, phrases) one per line. The server's schema is the rule: this form sends what was
// typed (a number field's text as a number) and shows the server's refusal as it comes, its message
// under each refused field, so a bound is never written twice. Moderators read; admins change (the server audits every change).

type SettingsValue = number | boolean | string[];

export interface SettingsField<T> {
  name: keyof T & string;
  /** The field's label, with its unit where it has one ("coins", "%", "minutes"). */
  label: string;
}

type Draft = Record<string, string | boolean>;

/** The form's text for each stored value: numbers as typed text, lists one per line. */
function draftOf(settings: Record<string, SettingsValue>): Draft {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, typeof v === 'boolean' ? v : Array.isArray(v) ? v.join('\n') : String(v)]));
}

/** The body to send: each field back in its stored value's type (a blank number stays a refusal for the server to name). */
function bodyOf(draft: Draft, stored: Record<string, SettingsValue>): Record<string, SettingsValue> {
  return Object.fromEntries(
    Object.entries(stored).map(([k, v]) => {
      const typed = draft[k]!;
      if (typeof v === 'boolean') return [k, typed as boolean];
      if (Array.isArray(v)) return [k, String(typed).split('\n').map((line) => line.trim()).filter(Boolean)];
      return [k, String(typed).trim() === '' ? Number.NaN : Number(typed)];
    }),
  );
}

interface SettingsFormProps<G extends Route<'GET'>, P extends Route> {
  title: string;
  testId: string;
  read: G;
  write: P;
  fields: readonly SettingsField<AnswerOf<G> extends { data: infer T } ? T : never>[];
  /** The line shown once a change is saved: when it takes effect. */
  saved: string;
}

export function SettingsForm<G extends Route<'GET'>, P extends Route>({ title, testId, read, write, fields, saved }: SettingsFormProps<G, P>) {
  const canEdit = useCan('admin');
  const { data, error, reload } = useAdminData(read, {} as CallInput<G>);
  const stored = (data as { data: Record<string, SettingsValue> } | null)?.data ?? null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  /** The server's message under each field it refused in the last save. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const id = useId();
  const shown = draft ?? (stored && draftOf(stored));
  const set = (name: string, value: string | boolean) => setDraft({ ...shown!, [name]: value });

  const save = async () => {
    if (!stored || !shown) return;
    const answer = await adminSendFor(write, { body: bodyOf(shown, stored) } as CallInput<P>);
    setMessage(answer.error !== null ? { text: answer.error, failed: true } : { text: saved, failed: false });
    setRefused(answer.fields ?? {});
    if (answer.error === null) {
      setDraft(null);
      reload();
    }
  };

  return (
    <PanelForm title={title} testId={testId} onSubmit={() => void save()}>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {shown && stored && (
        <>
          <div className="admin__grid">
            {fields.map(({ name, label }) => {
              const value = stored[name];
              if (Array.isArray(value)) return null;
              if (typeof value === 'boolean') return <Checkbox key={name} label={label} checked={shown[name] as boolean} error={refused[name]} disabled={!canEdit} onChange={(e) => set(name, e.currentTarget.checked)} />;
              return <TextInput key={name} small label={label} inputMode="decimal" value={shown[name] as string} error={refused[name]} disabled={!canEdit} onChange={(e) => set(name, e.currentTarget.value)} />;
            })}
          </div>
          {fields
            .filter(({ name }) => Array.isArray(stored[name]))
            .map(({ name, label }) => (
              <div key={name} className="text-input">
                <label className="text-input__label" htmlFor={`${id}-${name}`}>
                  {label}
                </label>
                <textarea id={`${id}-${name}`} className="admin__textarea" rows={4} value={shown[name] as string} aria-invalid={refused[name] ? true : undefined} disabled={!canEdit} onChange={(e) => set(name, e.currentTarget.value)} />
                {refused[name] && <span className="admin__error">{refused[name]}</span>}
              </div>
            ))}
        </>
      )}
      {canEdit && stored && (
        <div className="admin__toolbar">
          <Button size="small" type="submit">
            Save
          </Button>
          <Outcome outcome={message} />
        </div>
      )}
    </PanelForm>
  );
}
