import { create } from 'zustand';

// Viewport size for layout decisions made in code (where the cashback banner sits, what the person icon
// does on phones). CSS media queries handle the rest. Refreshed on resize, debounced 50 ms (docs/product.md §9).
export const MOBILE_MAX_WIDTH = 767;
/** From this width the right-hand aside is shown. */
export const ASIDE_MIN_WIDTH = 1280;
export const RESIZE_DEBOUNCE_MS = 50;

export interface DeviceState {
  width: number;
  height: number;
  isMobile: boolean;
}

function measure(): DeviceState {
  const width = typeof window === 'undefined' ? 1440 : window.innerWidth;
  const height = typeof window === 'undefined' ? 900 : window.innerHeight;
  return { width, height, isMobile: width <= MOBILE_MAX_WIDTH };
}

export const useDevice = create<DeviceState>(() => measure());

/** Starts listening to resizes; returns the function that stops it. */
export function trackDevice(target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => useDevice.setState(measure()), RESIZE_DEBOUNCE_MS);
  };
  target.addEventListener('resize', onResize);
  // A size that changed since the module's first measure is caught on the next frame, not here:
  // this runs in the effects after React has replaced the page's markup, where reading innerWidth
  // forces a layout of the whole page inside React's task (20+ ms unthrottled on a box page, a
  // blocking task 4× that long on a phone); at the frame the layout is due anyway.
  const frame = target.requestAnimationFrame(() => useDevice.setState(measure()));
  return () => {
    clearTimeout(timer);
    target.cancelAnimationFrame(frame);
    target.removeEventListener('resize', onResize);
  };
}
