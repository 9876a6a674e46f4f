import { toast } from '../../components/toast.tsx';
import { apiErrorText, refusalOf } from '../../api/http.ts';

// A refused bet's first field error (422 `{message, errors: {field: [..]}}`), so the form can show
// it beneath the field; other failures become a toast.
export function fieldProblem(error: unknown): { field: string; message: string } | null {
  const body = refusalOf(error);
  const entry = body?.errors ? Object.entries(body.errors)[0] : undefined;
  return entry && entry[1][0] ? { field: entry[0], message: entry[1][0] } : null;
}

/** Thrown by a form before it sends anything: the problem is already shown beneath its field. */
export class FormProblem extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The shared handler of a failed bet (spec §8, every game page): a field problem already shows
 * beneath its field, a withdrawn bet (an abort) is no error, anything else is a toast of the
 * answer's msg or message.
 */
export function reportBetError(error: unknown): void {
  if (error instanceof FormProblem || fieldProblem(error)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.error(apiErrorText(error));
}
