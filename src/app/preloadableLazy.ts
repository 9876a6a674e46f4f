import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<void> };

/** A page module; its own `preload`, if any, loads what its first render needs beyond its chunk (lazy parts). */
interface PageModule<P> {
  default: ComponentType<P>;
  preload?: () => Promise<void>;
}

/**
 * React.lazy whose module can be loaded before the first render. Once `preload()` has resolved, the
 * component renders in the same pass: React's lazy calls `then` on what the loader returns, and an
 * already-settled thenable answers at once, so no Suspense fallback is committed. A prerendered page
 * (scripts/prerender.ts) needs that: its markup is replaced by React's, and a spinner in between
 * would flash and shift the page. A module that renders lazy parts of its own at once exports a
 * `preload` of them, and `preload()` waits for that too (only `preload()`: a plain visit renders the
 * page as soon as its chunk is there).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component, as React.lazy's own signature
export function preloadableLazy<P = any>(load: () => Promise<PageModule<P>>): PreloadableLazy<P> {
  let loaded: PageModule<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  const fetchModule = () => {
    pending ??= load().then(
      (mod) => (loaded = mod),
      (error: unknown) => {
        pending = undefined; // a failed chunk load may be tried again (src/app/chunkReload.ts)
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => (loaded ? settled(loaded) : fetchModule())) as PreloadableLazy<P>;
  component.preload = () => fetchModule().then((mod) => mod.preload?.());
  return component;
}

/** A thenable that calls back synchronously with a module already loaded. */
function settled<T>(value: T): Promise<T> {
  return { then: (resolve: (v: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}
