import { useState, type ReactNode } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { twoFactorCodeRequest, type TwoFactorCodeRequest, type TwoFactorSetup } from './securityTypes.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { submitForm } from './submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { twoFactorConfirm, twoFactorDisable, twoFactorStart } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** One code field and its button (and any choice that goes with it): confirming the set-up, turning it off. */
function CodeForm({ label, button, onCode, children }: { label: string; button: string; onCode(code: string): Promise<void>; children?: ReactNode }) {
  const form = useFormEngine<TwoFactorCodeRequest>(twoFactorCodeRequest, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(async (values) => {
    await submitForm(form, ['code'], () => onCode(values.code));
  });
  return (
    <form className="security__form" onSubmit={submit} noValidate aria-label={button}>
      <TextInput label={label} inputMode="numeric" autoComplete="one-time-code" error={form.formState.errors.code?.message} {...form.register('code')} />
      {children}
      <Button type="submit" loading={form.formState.isSubmitting}>
        {button}
      </Button>
    </form>
  );
}

/**
 * Two-factor sign-in: start → scan the QR (or type the secret shown under it) → confirm with a code
 * → the ten recovery codes, shown this once. Confirming ends every other session unless the player
 * unticks it (then `onSessionsEnded` is not called). Turning it off takes a code or a recovery code.
 */
export function TwoFactorSection({ enabled, codesLeft, onChanged, onSessionsEnded }: { enabled: boolean; codesLeft: number; onChanged(): void; onSessionsEnded(): void }) {
  const [setup, setSetup] = useState<TwoFactorSetup['data'] | null>(null);
  const [endOthers, setEndOthers] = useState(true);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setSetup((await callResponse(twoFactorStart, {})).data.data);
    } catch {
      toast.error(t('setupFailed'));
    } finally {
      setStarting(false);
    }
  };
  const confirm = async (code: string) => {
    const res = await callResponse(twoFactorConfirm, { body: { code, end_other_sessions: endOthers } });
    toast.success(res.data.msg);
    setSetup(null);
    setRecovery(res.data.data.recovery_codes);
    if (endOthers) onSessionsEnded();
  };
  const disable = async (code: string) => {
    const res = await callResponse(twoFactorDisable, { body: { code } });
    toast.success(res.data.msg);
    onChanged();
  };

  return (
    <section className="profile-main security__section" aria-labelledby="security-two-factor">
      <h3 id="security-two-factor">
        {t('twoFactorTitle')} <span className={enabled || recovery ? 'security__badge security__badge--on' : 'security__badge'}>{enabled || recovery ? t('on') : t('off')}</span>
      </h3>
      <p className="security__note">{t('twoFactorNote')}</p>
      {recovery ? (
        <div className="security__recovery">
          <p className="security__ok">{t('saveRecoveryCodes')}</p>
          <ol className="security__codes" data-testid="recovery-codes">
            {recovery.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <div className="security__row">
            <CopyButton text={recovery.join('\n')} label={t('copyCodes')} />
            <Button
              variant="secondary"
              onClick={() => {
                setRecovery(null);
                onChanged();
              }}
            >
              {t('savedThem')}
            </Button>
          </div>
        </div>
      ) : enabled ? (
        <>
          <p className="security__note">{t('codesLeft', { count: String(codesLeft) })}</p>
          <CodeForm label={t('codeOrRecoveryCode')} button={t('turnOff')} onCode={disable} />
        </>
      ) : setup ? (
        <div className="security__setup">
          <p className="security__note">{t('scanStep')}</p>
          <img className="security__qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`} alt={t('qrAlt')} width={200} height={200} />
          <p className="security__secret">
            {t('key')} <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <p className="security__note">{t('enterCodeStep')}</p>
          <CodeForm label={t('code')} button={t('turnOn')} onCode={confirm}>
            <Checkbox label={t('endOthersOnSetup')} checked={endOthers} onChange={(e) => setEndOthers(e.target.checked)} />
          </CodeForm>
        </div>
      ) : (
        <Button onClick={() => void start()} loading={starting}>
          {t('setUp')}
        </Button>
      )}
    </section>
  );
}
