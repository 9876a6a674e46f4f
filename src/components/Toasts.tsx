import { ToastContainer } from 'react-toastify';

// Spec §9: auto-close 2000 ms, top-right, theme auto: the toasts take the site's own colour scheme,
// which is dark whatever the system's (the site has no light scheme; white toasts on it read as
// another site's). layout.css paints them in the site's panel colours.
export const TOAST_AUTO_CLOSE_MS = 2000;

/** The one toast container; mounted once by the root layout. Features call `toast` from react-toastify. */
export function Toasts() {
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" theme="dark" newestOnTop />;
}

export { toast } from 'react-toastify';
