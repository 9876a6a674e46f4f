import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import './Button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'money' | 'danger';
  size?: 'small' | 'medium' | 'large';
  /** While loading the content is hidden, a spinner shows and pointer input is blocked. */
  loading?: boolean;
  block?: boolean;
  children?: ReactNode;
}

export function Button({ variant = 'primary', size = 'medium', loading = false, block = false, className, onClick, children, type = 'button', ...rest }: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // CSS already sets pointer-events: none; this also stops synthetic and keyboard clicks.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', loading && 'btn--loading', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} aria-busy={loading || undefined} onClick={handleClick} {...rest}>
      <span className="btn__content">{children}</span>
      {loading && (
        <span className="btn__spinner">
          <Spinner size={20} />
        </span>
      )}
    </button>
  );
}
