import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { PRERENDERED_PAGES } from '../../server/plugins/client.ts';
import { pageAt } from '../../src/app/routes.tsx';
import { GAME_LINKS } from '../../src/app/layout/navigation.ts';

// A page the build prerenders (PRERENDERED_PAGES, scripts/prerender.ts) is taken over by React's
// first render only once its code is there (src/main.tsx, preloadPrerendered): its route's page must
// be a preloadableLazy, else that first render is a spinner over the prerendered page, a flash.
describe('prerendered pages', () => {
  it.each(Object.keys(PRERENDERED_PAGES))('%s is a preloadable page of the route table', (path) => {
    const element = pageAt(path);
    expect(element, path).toBeDefined();
    const page = (element as ReactElement).type as { preload?: unknown };
    expect(typeof page.preload, path).toBe('function');
  });

  // A game page left out paints nothing until its code has loaded and run: /limbo and /mines, added
  // after the list, scored 43–55 in Lighthouse (FCP 2.5–4.2 s) against 76–87 once prerendered.
  it.each(GAME_LINKS.map((l) => l.to))('the game page %s is prerendered', (path) => {
    expect(Object.keys(PRERENDERED_PAGES)).toContain(path);
  });
});
