import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { z } from 'zod';
import { useFormEngine } from '../../src/forms/useFormEngine.ts';
import { FORM_VALIDATE_DEBOUNCE_MS } from '../../src/forms/formTiming.ts';
import { formIssueMessage, schemaMessage } from '../../src/forms/formMessages.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { LOCALES } from '../../core/text/locales.ts';
import { shippingAddressSchema } from '../../core/protocol/shipping.ts';
import { registerForm } from '../../core/protocol/auth.ts';
import { changeEmailRequest } from '../../core/protocol/accountSecurity.ts';
import { KycDetailsSchema } from '../../core/protocol/kyc.ts';
import { supportTicketRequest } from '../../core/protocol/support.ts';
import { referralCodeRequest } from '../../core/protocol/referral.ts';

afterEach(() => vi.useRealTimers());

const schema = z.object({
  nickname: z.string().min(1, 'Nickname is required'),
  code: z.string().min(4),
  agree: z.literal(true, { error: 'Tick the box' }),
});
type Values = z.infer<typeof schema>;

function Form({ onValid }: { onValid: (v: Values) => void }) {
  const form = useFormEngine<Values>(schema as never, { defaultValues: { nickname: '', code: '', agree: false as never } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="Nickname" {...form.register('nickname')} />
      <p>{errors.nickname?.message}</p>
      <input aria-label="Code" {...form.register('code')} />
      <p>{errors.code?.message}</p>
      <input type="checkbox" aria-label="Agree" {...form.register('agree')} />
      <p>{errors.agree?.message}</p>
      <button type="submit">Send</button>
    </form>
  );
}

async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the form engine (spec 5: blur and change, not input, 5 ms)', () => {
  it('validates a field on blur after the debounce, never on input, not even after a failed submit', async () => {
    vi.useFakeTimers();
    render(<Form onValid={() => undefined} />);
    const code = screen.getByLabelText('Code');
    fireEvent.input(code, { target: { value: 'ab' } });
    await elapse(50);
    expect(screen.queryByText('code must be at least 4 characters')).toBeNull();

    fireEvent.blur(code);
    await elapse(FORM_VALIDATE_DEBOUNCE_MS - 1);
    expect(screen.queryByText('code must be at least 4 characters')).toBeNull();
    await elapse(1);
    expect(screen.getByText('code must be at least 4 characters')).toBeTruthy();

    // A failed submit shows every message; typing a valid value leaves the message until blur or change.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await elapse(10);
    expect(screen.getByText('Nickname is required')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Nickname'), { target: { value: 'Rocket' } });
    await elapse(50);
    expect(screen.getByText('Nickname is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nickname'));
    await elapse(FORM_VALIDATE_DEBOUNCE_MS);
    expect(screen.queryByText('Nickname is required')).toBeNull();
  });

  it('is one object for the form\'s life, so an effect that depends on it runs once', async () => {
    vi.useFakeTimers();
    const forms = new Set<unknown>();
    let effects = 0;
    function Probe() {
      const form = useFormEngine<Values>(schema as never, { defaultValues: { nickname: '', code: '', agree: false as never } });
      forms.add(form);
      useEffect(() => {
        effects += 1;
      }, [form]);
      return <input aria-label="Code" {...form.register('code')} />;
    }
    render(<Probe />);
    fireEvent.blur(screen.getByLabelText('Code'));
    await elapse(FORM_VALIDATE_DEBOUNCE_MS);
    expect(forms.size).toBe(1);
    expect(effects).toBe(1);
  });

  it('checks a field that lost its focus to a press only once the press is released, after its click', async () => {
    // Pressing Send blurs Code; a message appearing then would move Send before the release, and a
    // release off the button is no click. The check waits for the release; the click submits first.
    vi.useFakeTimers();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const code = screen.getByLabelText('Code');
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.input(code, { target: { value: 'ab' } });
    fireEvent.pointerDown(send);
    fireEvent.blur(code);
    await elapse(50);
    expect(screen.queryByText('code must be at least 4 characters')).toBeNull();
    fireEvent.pointerUp(send);
    await elapse(FORM_VALIDATE_DEBOUNCE_MS - 1);
    expect(screen.queryByText('code must be at least 4 characters')).toBeNull();
    await elapse(1);
    expect(screen.getByText('code must be at least 4 characters')).toBeTruthy();

    // A cancelled press (the browser took the gesture over) releases the check too.
    fireEvent.pointerDown(send);
    fireEvent.blur(screen.getByLabelText('Nickname'));
    fireEvent.pointerCancel(send);
    await elapse(FORM_VALIDATE_DEBOUNCE_MS);
    expect(screen.getByText('Nickname is required')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("validates a checkbox on the DOM's change event", async () => {
    vi.useFakeTimers();
    render(<Form onValid={() => undefined} />);
    const agree = screen.getByLabelText('Agree');
    fireEvent.click(agree);
    fireEvent.click(agree);
    await elapse(FORM_VALIDATE_DEBOUNCE_MS);
    expect(screen.getByText('Tick the box')).toBeTruthy();
  });
});

describe('the form messages', () => {
  const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { error: formIssueMessage }).error!.issues[0]!.message;

  it("keeps a schema's own message (the spec's texts)", () => {
    expect(message(shippingAddressSchema, { first_name: '' })).toBe('first name is a required field');
    expect(message(registerForm, { name: '', email: 'a@b.co', password: 'secret1', terms: true })).toBe('Nickname is required');
  });

  it('names the field in a template where the schema has no message, never a library sentence', () => {
    const form = z.object({ street_address: z.string(), pin: z.string().length(4), age: z.number().int().positive(), site: z.url(), id: z.uuid(), mail: z.email(), n: z.number().max(9), code: z.string().regex(/^A/) });
    const valid = { street_address: 'x', pin: '1234', age: 3, site: 'https://a.b', id: '123e4567-e89b-12d3-a456-426614174000', mail: 'a@b.co', n: 1, code: 'A' };
    const at = (patch: Record<string, unknown>) => message(form, { ...valid, ...patch });
    expect(at({ street_address: null })).toBe('street address is a required field');
    expect(at({ pin: '12' })).toBe('pin must be exactly 4 characters');
    expect(at({ age: 1.5 })).toBe('age must be an integer');
    expect(at({ age: -1 })).toBe('age must be a positive number');
    expect(at({ site: 'nope' })).toBe('site must be a valid URL');
    expect(at({ id: 'nope' })).toBe('id must be a valid UUID');
    expect(at({ mail: 'nope' })).toBe('mail must be a valid email');
    expect(at({ n: 10 })).toBe('n must be less than or equal to 9');
    expect(at({ code: 'B' })).toBe('code does not have the expected format');
    expect(message(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toBe('kind is not valid.');
  });
});

describe("the shared schemas' own messages in the page's language", () => {
  afterEach(() => activateLocale('en-US'));
  /** The schema's own messages for a value (no error map: a message the schema lacks would show as zod's). */
  const own = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues.map((issue) => issue.message);
  const address = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', country: 'United Kingdom', country_state: 'London', city: 'London', postal_code: 'SW1A 1AA', street_address: '1 Main St' };
  const addressMessages = [
    ...own(shippingAddressSchema, {}),
    ...own(shippingAddressSchema, { ...address, email: 'nope', phone: 'call me', country: 'Atlantis', postal_code: '#', street_address_2: 'x'.repeat(201) }),
  ];
  const otherFormMessages = [
    ...own(changeEmailRequest, { email: 'a@b.co', current_password: '' }),
    ...own(KycDetailsSchema, { full_name: 'Al', birth_date: '1990-01-01', country: 'XX' }),
    ...own(supportTicketRequest, {}),
    ...own(supportTicketRequest, { subject: 'Hi', category: 'nope', message: 'short' }),
    ...own(supportTicketRequest, { subject: 'x'.repeat(121), category: 'other', message: 'x'.repeat(5001) }),
    ...own(referralCodeRequest, {}),
    ...own(referralCodeRequest, { code: 'a!' }),
  ];

  it('knows every message the delivery address schema can give', () => {
    expect(new Set(addressMessages)).toEqual(
      new Set([
        'first name is a required field', 'last name is a required field', 'Email is required', 'email is not valid.', 'Phone is required', 'phone is not valid.', 'Country is required',
        'country is not valid.', 'state is a required field', 'City is required', 'postal code is a required field', 'postal code is not valid.', 'street is a required field', 'street_address_2 is not valid.',
      ]),
    );
  });

  it('shows them as they are in en-US and translated in every other language', async () => {
    const all = [...addressMessages, ...otherFormMessages];
    for (const message of all) expect(schemaMessage(message)).toBe(message);
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      await activateLocale(locale);
      for (const message of all) expect(schemaMessage(message), `${locale}: ${message}`).not.toBe(message);
    }
    await activateLocale('de-DE');
    expect(schemaMessage('phone is not valid.')).toBe('Die Telefonnummer ist ungültig.');
    expect(schemaMessage('first name is a required field')).toBe('Vorname ist ein Pflichtfeld');
    expect(schemaMessage('The message must be at least 10 characters.')).toBe('Die Nachricht muss mindestens 10 Zeichen lang sein.');
  });
});
