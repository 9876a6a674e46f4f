import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from './fixtures.ts';

// Pages on browser contexts of their own (a second player, a reduced-motion visitor), closed when the
// test ends, passed or failed. Left open they stay in the one browser the whole run shares: a page
// with a scene keeps its renderer and the GPU process busy under every later spec.
export const test = base.extend<{ ownPage: (options?: BrowserContextOptions) => Promise<Page> }>({
  ownPage: async ({ browser, reducedMotion }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      // A context made by hand takes none of the project's options: the spec's motion is passed on.
      const context = await browser.newContext({ reducedMotion, ...options });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
