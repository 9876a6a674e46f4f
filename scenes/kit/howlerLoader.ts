// howler, loaded when the page may first play a sound. Browsers play nothing on a page the player
// has not touched, clicked or typed on (autoplay policy), and SceneSound makes no sound before that;
// so howler's module (8.6 KiB brotli) is not part of a game page's first download: a scene's
// SceneSound fetches it at the viewer's first act on the page (scenes/kit/viewerActs.ts), while the
// bet or the round that will sound is still on its way, or with the first sound asked for. A sound
// asked for before the module has arrived is started when it does (SceneSound decides which may
// still start late).

import type { Howl, HowlerGlobal } from 'howler';

/** What the scenes use of howler's module. */
export interface HowlerApi {
  Howl: typeof Howl;
  Howler: HowlerGlobal;
}

let loaded: HowlerApi | undefined;
let loading: Promise<HowlerApi> | undefined;

/** howler's API when its module has loaded, else undefined (loadHowler() fetches it). */
export function loadedHowler(): HowlerApi | undefined {
  return loaded;
}

/** Loads howler's module once (again after a failed fetch); resolves to its API. */
export function loadHowler(): Promise<HowlerApi> {
  loading ??= import('./howlerModule.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
