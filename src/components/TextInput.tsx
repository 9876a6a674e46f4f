import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './TextInput.css';

const t = translator(messages);

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label?: ReactNode;
  /** Error text shown beneath in red (e.g. a 422 field message). */
  error?: string | null;
  /** 40px high instead of 60px. */
  small?: boolean;
  /** Content on the right inside the field (a unit, a button). */
  suffix?: ReactNode;
}

/** Text input 60px (40px small) with error text and a show/hide toggle for passwords. forwardRef so react-hook-form's register works. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ label, error, small = false, suffix, type = 'text', id, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const classes = ['text-input', small && 'text-input--small', error && 'text-input--error', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {label && (
        <label className="text-input__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className="text-input__field">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {suffix}
        {isPassword && (
          <button type="button" className="text-input__toggle" aria-label={shown ? t('hidePassword') : t('showPassword')} aria-pressed={shown} onClick={() => setShown((v) => !v)}>
            {shown ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        )}
      </div>
      {error && (
        <p className="text-input__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
