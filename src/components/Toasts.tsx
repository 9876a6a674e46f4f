import { ToastContainer } from 'react-toastify';
import { useEffect, useState } from 'react';

// Spec §9: auto-close 2000 ms, top-right, theme auto (follows the system colour scheme).
export const TOAST_AUTO_CLOSE_MS = 2000;

function systemTheme(): 'dark' | 'light' {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** The one toast container; mounted once by the root layout. Features call `toast` from react-toastify. */
export function Toasts() {
  const [theme, setTheme] = useState(systemTheme);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: light)');
    const update = () => setTheme(systemTheme());
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" theme={theme} newestOnTop />;
}

export { toast } from 'react-toastify';
