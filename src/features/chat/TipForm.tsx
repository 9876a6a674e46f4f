import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { chatTip } from '../../../core/protocol/routes/chat.ts';
import { useTwoFactorField } from '../accountSecurity/TwoFactorField.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** "Tip Ann": the form's title, and the public profile's button that opens it. */
export function tipTitle(name: string): string {
  return t('tipName', { name });
}

// A tip to another player (docs/community.md, "Tips"), under the chat's list: opened by the Tip
// button beside a message, or by `/tip name amount` typed in the chat (then sent at once). The server
// decides everything (withdrawable coins, caps, breaks); the new balance comes with its answer and on
// the player's channel. With two-factor sign-in on, the code field appears after the server asks.

export interface TipDraft {
  name: string;
  amount: string;
  /** Sent as soon as the form opens (the chat's /tip command). */
  now?: boolean;
}

export function TipForm({ draft, onClose }: { draft: TipDraft; onClose(): void }) {
  const [amount, setAmount] = useState(draft.amount);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const secondFactor = useTwoFactorField();
  const sentOnOpen = useRef(false);

  const send = useCallback(
    async (value: string) => {
      setSending(true);
      try {
        const answer = await call(chatTip, { body: { name: draft.name, amount: Number(value), ...secondFactor.body } });
        toast.success(answer.msg);
        secondFactor.done();
        onClose();
      } catch (err) {
        setError(secondFactor.refused(err) ? null : apiErrorText(err));
      } finally {
        setSending(false);
      }
    },
    [draft.name, secondFactor, onClose],
  );

  useEffect(() => {
    if (draft.now && !sentOnOpen.current) {
      sentOnOpen.current = true;
      void send(draft.amount);
    }
  }, [draft, send]);

  return (
    <form
      className="chat__tip"
      aria-label={tipTitle(draft.name)}
      onSubmit={(e) => {
        e.preventDefault();
        void send(amount);
      }}
    >
      <span className="chat__tip-title">{tipTitle(draft.name)}</span>
      <input className="chat__input" aria-label={t('tipAmount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={t('coins')} autoFocus={!draft.now} />
      <button type="submit" className="chat__send" disabled={sending || !(Number(amount) > 0)}>
        {t('sendTip')}
      </button>
      <button type="button" className="chat__tip-cancel" onClick={onClose}>
        {t('cancel')}
      </button>
      {secondFactor.field}
      {error && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
      <p className="chat__tip-rule">{t('tipRule')}</p>
    </form>
  );
}
