import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { applyServerErrors } from '../auth/formErrors.ts';

/**
 * Runs a Security page form's call: a 422's field messages go under their fields, any other
 * failure (a 429 with its wait, a network error) is a toast. Answers whether the call succeeded.
 */
export async function submitForm<T extends FieldValues>(form: UseFormReturn<T>, fields: readonly string[], call: () => Promise<void>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    applyServerErrors(error, form.setError, fields);
    if (!fields.some((f) => form.getFieldState(f as never).error)) toast.error(apiErrorText(error));
    return false;
  }
}
