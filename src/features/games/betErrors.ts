import type { AxiosError } from 'axios';

// A refused bet's first field error (422 `{message, errors: {field: [..]}}`), so the form can show
// it beneath the field; other failures become a toast.
export function fieldProblem(error: unknown): { field: string; message: string } | null {
  const body = (error as AxiosError<{ errors?: Record<string, string[]> }> | undefined)?.response?.data;
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
