import type { Plugin } from 'vite';
import { APPEND_ONE_PER_TASK } from '../core/appendOnePerTask.ts';

// Vite's preload helper (the `__vitePreload` around every dynamic import of the client) adds a
// <link rel=modulepreload> for each chunk the imported module needs, all of them in the task that asked
// for the import. Adding one costs Chromium about 1 ms of main thread (4 ms on a phone's slower CPU),
// and a game page needs forty-odd that home has not loaded: a click from home to /dice spent 120–200 ms
// of its task at 4× CPU appending them. In the client build this plugin has the helper add a script's
// link one per task instead, with the same queue as the prerendered pages' template
// (core/appendOnePerTask.ts). The import itself is not held: the browser fetches
// what it imports at once, and a link added later for a module already on its way costs a lookup.
// A stylesheet's link is still added at once: the helper waits for it to load before the import.

const HELPER = /(^|[\\/])vite[\\/]preload-helper(\.js)?$/;
/** The helper's append, as Vite writes it: the link's element is `link`, `isCss` says a stylesheet. */
export const APPEND = 'document.head.appendChild(link);';

export const SLICED_APPEND = `if (isCss) document.head.appendChild(link); else __shopAppendLater(link);`;

/** One link per task, in the order asked for (prepended to the helper's module; core/appendOnePerTask.ts). */
export const APPEND_LATER = `${APPEND_ONE_PER_TASK}\n`;

export function preloadSlices(): Plugin {
  return {
    name: 'shop:preload-slices',
    apply: 'build',
    transform(code, id) {
      if (!HELPER.test(id.replace(/^\0/, ''))) return null;
      // A Vite release that words the helper differently fails the build here instead of silently adding every link in one task.
      if (code.split(APPEND).length !== 2 || !code.includes('isCss')) throw new Error("scripts/preloadSlices.ts: Vite's preload helper no longer appends its links as it did; look at it again");
      return { code: APPEND_LATER + code.replace(APPEND, SLICED_APPEND), map: null };
    },
  };
}
