import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldValues, type Path, type RegisterOptions, type Resolver, type UseFormProps, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formIssueMessage, translateSchemaMessages } from './formMessages.ts';
import { afterPress } from './afterPress.ts';
import { FORM_VALIDATE_DEBOUNCE_MS } from './formTiming.ts';

/**
 * Every form of the shop (docs/product.md §5): a field is validated when it loses focus and when its
 * value is committed (the DOM's `change`: a checkbox or select at once, a text field on blur or
 * Enter), never on each keystroke, not even after a failed submit, 5 ms after the last of those
 * events (a text field's change and blur come together and validate once); a blur caused by a press
 * waits for its release (afterPress.ts). Messages are the schema's
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
  const unmounted = useRef(false);
  useEffect(() => {
    const pending = timers.current;
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      pending.forEach((timer) => clearTimeout(timer));
    };
  }, []);

  // The debounce starts when the press that moved the focus (a click on the form's button) is
  // released, after its click (afterPress.ts): a message shown or cleared by the check must not move
  // the button between the press and its release.
  const validateSoon = useCallback(
    (name: Path<T>) =>
      afterPress(() => {
        if (unmounted.current) return;
        clearTimeout(timers.current.get(name));
        timers.current.set(
          name,
          setTimeout(() => {
            timers.current.delete(name);
            void trigger(name);
          }, FORM_VALIDATE_DEBOUNCE_MS),
        );
      }),
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
