import { forwardRef, useState } from 'react';
import { TextInput, type TextInputProps } from '../../components/TextInput.tsx';
// Its own small catalog: the field travels with every protected action (chat tips, deposits, shipping).
import messages from './twoFactorField/i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { refusalOf } from '../../api/http.ts';

const t = translator(messages);

/** The server's message when an action needs the player's two-factor code (422 on two_factor_code), or null. */
export function twoFactorAsked(error: unknown): string | null {
  return refusalOf(error)?.errors?.two_factor_code?.[0] ?? null;
}

/** The "Two-factor code" field of every form that may ask for one. */
export const TwoFactorCodeInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'label'>>(function TwoFactorCodeInput(props, ref) {
  return <TextInput ref={ref} label={t('twoFactorCode')} inputMode="numeric" autoComplete="one-time-code" {...props} />;
});

/**
 * The code a protected action (shipping, withdrawing, a gift card) carries once the server has
 * asked for it: the field appears with the server's message after the first refusal, and the
 * player presses the action's button again. Players without two-factor sign-in never see it.
 */
export function useTwoFactorField() {
  const [asked, setAsked] = useState<string | null>(null);
  const [code, setCode] = useState('');
  return {
    /** The body's field: the code when one was typed. */
    body: code.trim() ? { two_factor_code: code.trim() } : {},
    /** After a failure: shows the field when the server asked for a code; true if it did. */
    refused(error: unknown): boolean {
      const message = twoFactorAsked(error);
      if (message) {
        setAsked(message);
        setCode('');
      }
      return message !== null;
    },
    done() {
      setAsked(null);
      setCode('');
    },
    field: asked ? <TwoFactorCodeInput small autoFocus value={code} onChange={(e) => setCode(e.target.value)} error={asked} /> : null,
  };
}
