import { useEffect, useId, useRef, type ReactNode, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useModals } from '../stores/modals.ts';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './Modal.css';

const t = translator(messages);

export interface ModalProps {
  title?: ReactNode;
  /** The dialog's name when it has no title (one headed by tabs): every dialog is named for assistive technology. */
  label?: string;
  /** 'battles' is the battles-themed variant (docs/product.md §2 Modals). */
  theme?: 'default' | 'battles';
  /** Closes the modal; by default the shared modal store closes whatever is open. */
  onClose?: () => void;
  className?: string;
  children?: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/** The default modal frame: an accessible dialog 400px wide, at most 90vh tall, focus kept inside. */
export function Modal({ title, label, theme = 'default', onClose, className, children }: ModalProps) {
  const storeClose = useModals((s) => s.close);
  const close = onClose ?? storeClose;
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Move focus into the dialog on open and give it back to whatever had it on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog) {
      const first = focusables(dialog).find((el) => !el.classList.contains('modal__close')) ?? dialog;
      first.focus({ preventScroll: true });
    }
    return () => previous?.focus?.({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep Tab cycling inside the dialog.
    const items = focusables(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        className={`modal modal--${theme}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__head">
          {title ? (
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          <button type="button" className="modal__close" aria-label={t('close')} onClick={close}>
            <X size={20} aria-hidden />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
