import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';

const t = translator(messages);

// Spec §9: auto-close 2000 ms, top-right, theme auto: the toasts take the site's own colour scheme,
// which is dark whatever the system's (the site has no light scheme; white toasts on it read as
// another site's). layout.css paints them in the site's panel colours.
export const TOAST_AUTO_CLOSE_MS = 2000;

/** react-toastify's own close button (the same markup), named in the page's language. */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      aria-label={t('closeNotification')}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

/** The one toast container; ./toast.tsx loads this module at the first toast and mounts it once. */
export function Toasts() {
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" theme="dark" newestOnTop closeButton={ToastCloseButton} aria-label={t('notificationsRegion')} />;
}

/** react-toastify's own `toast`, which only ./toast.tsx calls. */
export const toastify = toast;
