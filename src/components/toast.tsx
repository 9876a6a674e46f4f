import { useSyncExternalStore } from 'react';
import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import type * as Toasts from './Toasts.tsx';

// Every toast of the shop goes through `toast` here, never react-toastify's own (eslint.config.js):
// react-toastify and its container (./Toasts.tsx) are 8.5 KiB (brotli) that no page needs before
// its first toast, so they load at the first toast, or at the player's first press or key, which
// comes before almost every toast (docs/performance.md, "Toasts on demand"). A toast asked for
// before they have loaded waits for them; react-toastify itself keeps a toast pushed before its
// container is mounted and shows it when the container mounts. Ids are given here, so a toast can
// be dismissed before it is shown.

type Toastify = typeof Toasts.toastify;
type Kind = 'default' | 'success' | 'error' | 'info' | 'warn';

let loaded: typeof Toasts | null = null;
let loading: Promise<void> | null = null;
let waiting: ((lib: Toastify) => void)[] = [];
const onLoad = new Set<() => void>();
let sequence = 0;

/** Loads react-toastify and the container, once; the container mounts as soon as they are here. */
export function loadToasts(): Promise<void> {
  loading ??= import('./Toasts.tsx').then((module) => {
    loaded = module;
    for (const run of waiting) run(module.toastify);
    waiting = [];
    for (const notify of onLoad) notify();
  });
  return loading;
}

function whenLoaded(run: (lib: Toastify) => void): void {
  if (loaded) return run(loaded.toastify);
  waiting.push(run);
  void loadToasts();
}

function show(kind: Kind, content: ToastContent, options: ToastOptions = {}): Id {
  const toastId = options.toastId ?? `toast-${++sequence}`;
  whenLoaded((lib) => (kind === 'default' ? lib(content, { ...options, toastId }) : lib[kind](content, { ...options, toastId })));
  return toastId;
}

/** react-toastify's `toast`, as much of it as the shop uses. */
export const toast = Object.assign((content: ToastContent, options?: ToastOptions) => show('default', content, options), {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warn: (content: ToastContent, options?: ToastOptions) => show('warn', content, options),
  /** Dismisses one toast, or all without an id. */
  dismiss: (id?: Id) => whenLoaded((lib) => lib.dismiss(id)),
});

/** Starts loading the toasts at the player's first press or key (a toast usually answers one). */
export function preloadToastsOnFirstInput(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const load = () => {
    for (const name of events) removeEventListener(name, load, true);
    void loadToasts();
  };
  for (const name of events) addEventListener(name, load, { capture: true, passive: true });
  return () => {
    for (const name of events) removeEventListener(name, load, true);
  };
}

function subscribe(notify: () => void): () => void {
  onLoad.add(notify);
  return () => onLoad.delete(notify);
}

/** The toast container, mounted once by the root layout as soon as react-toastify has loaded. */
export function ToastHost() {
  const Loaded = useSyncExternalStore(subscribe, () => loaded?.Toasts ?? null, () => null);
  return Loaded ? <Loaded /> : null;
}
