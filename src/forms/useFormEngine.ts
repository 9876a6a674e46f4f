import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldValues, type Path, type RegisterOptions, type Resolver, type UseFormProps, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formIssueMessage, translateSchemaMessages } from './formMessages.ts';

/** The spec's debounce of a field's validation (docs/product.md §5). */
export const FORM_VALIDATE_DEBOUNCE_MS = 5;

/**
 * Every form of the shop (docs/product.md §5): a field is validated when it loses focus and when its
 * value is committed (the DOM's `change`: a checkbox or select at once, a text field on blur or
 * Enter), never on each keystroke, not even after a failed submit, 5 ms after the last of those
 * events (a text field's change and blur come together and validate once). Messages are the schema's
 * own or the engine's templates (formMessages.ts), in the page's language. react-hook-form keeps the
 * values and errors; its own validation runs only on submit.
 */
export function useFormEngine<T extends FieldValues>(schema: z.ZodType<T, FieldValues>, options: Omit<UseFormProps<T>, 'resolver' | 'mode' | 'reValidateMode'> = {}): UseFormReturn<T> {
  const zod = zodResolver(schema as never, { error: formIssueMessage }) as unknown as Resolver<T>;
  const resolver: Resolver<T> = async (...args) => {
    const result = await zod(...args);
    translateSchemaMessages(result.errors);
    return result;
  };
  const form = useForm<T>({ ...options, resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { trigger } = form;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const validateSoon = useCallback(
    (name: Path<T>) => {
      clearTimeout(timers.current.get(name));
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void trigger(name);
        }, FORM_VALIDATE_DEBOUNCE_MS),
      );
    },
    [trigger],
  );

  const baseRegister = form.register;
  const register = useCallback(
    <N extends Path<T>>(name: N, rules?: RegisterOptions<T, N>): UseFormRegisterReturn<N> => {
      const field = baseRegister(name, rules);
      return {
        ...field,
        onBlur: async (event) => {
          await field.onBlur(event);
          validateSoon(name);
        },
        ref: (element: HTMLElement | null) => {
          field.ref(element);
          // React's onChange is the DOM's input event; the engine listens for the DOM's change.
          if (element && !element.dataset.formEngine) {
            element.dataset.formEngine = '';
            element.addEventListener('change', () => validateSoon(name));
          }
        },
      };
    },
    [baseRegister, validateSoon],
  );
  // One object for the form's life, as react-hook-form's own is (pages list it in effects' dependencies):
  // its register is the engine's, everything else is read from the library's object when it is read
  // (formState included, which the library replaces as it changes).
  return useMemo(() => Object.assign(Object.create(form) as UseFormReturn<T>, { register }), [form, register]);
}
