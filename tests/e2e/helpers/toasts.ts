import type { Page } from '@playwright/test';

// A toast closes itself 2 s after it opens (src/components/Toasts.tsx), which a busy machine can
// spend between a journey seeing it and reading it (a read that then waits for a toast that is gone,
// or measures one already sliding out). So a journey starts watching before the action that raises
// the toast: every frame, in the page, the first toast (whose text matches) has its timer held (its
// progress bar's animation, which closes it at its end) and is read once its entrance has ended, at
// rest where the player reads it.

export interface RestingToast {
  text: string;
  top: number;
  left: number;
  right: number;
  bottom: number;
  /** Its computed background colour. */
  background: string;
  /** Toasts open (not leaving) at that moment, this one included. */
  open: number;
  /** The bottom of the site header. */
  headerBottom: number;
}

/** The first open toast whose text matches `text` (any toast without one), at rest; start it before the action that raises the toast. */
export async function restingToast(page: Page, { text, timeout = 30_000 }: { text?: RegExp; timeout?: number } = {}): Promise<RestingToast> {
  const handle = await page.waitForFunction(
    ({ source, flags }) => {
      const match = source === null ? null : new RegExp(source, flags);
      const open = [...document.querySelectorAll('.Toastify__toast:not([class*="-exit"])')];
      const toast = open.find((el) => !match || match.test(el.textContent ?? ''));
      if (!toast) return null;
      for (const bar of toast.querySelectorAll('.Toastify__progress-bar')) for (const a of bar.getAnimations()) a.pause();
      if (toast.getAnimations().some((a) => a.playState === 'running')) return null;
      const box = toast.getBoundingClientRect();
      return {
        text: toast.textContent ?? '',
        top: box.top,
        left: box.left,
        right: box.right,
        bottom: box.bottom,
        background: getComputedStyle(toast).backgroundColor,
        open: open.length,
        headerBottom: document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0,
      };
    },
    { source: text?.source ?? null, flags: text?.flags ?? '' },
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue())!;
}
