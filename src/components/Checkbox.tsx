import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import './Checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label?: ReactNode;
  error?: string | null;
}

/** A styled native checkbox (keyboard and form behaviour stay native); forwardRef for react-hook-form. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, className, ...rest }, ref) {
  return (
    <label className={['checkbox', error && 'checkbox--error', className].filter(Boolean).join(' ')}>
      <input ref={ref} type="checkbox" className="checkbox__input" aria-invalid={error ? true : undefined} {...rest} />
      <span className="checkbox__box" aria-hidden>
        <Check size={14} strokeWidth={3.5} />
      </span>
      {label && <span className="checkbox__label">{label}</span>}
      {error && <span className="checkbox__error">{error}</span>}
    </label>
  );
});
