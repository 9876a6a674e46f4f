import { Assets, type Texture } from 'pixi.js';

// Asset bundles scenes declare in `bundles`; the host loads them before mount. Scenes draw most of
// their art with Graphics, so bundles are few; item pictures come as URLs inside results (SVG served
// by our own server) and load through loadItemTextures, which the scene unloads on destroy.

const registered = new Set<string>();

export function registerBundle(name: string, assets: Record<string, string>): void {
  if (registered.has(name)) return;
  Assets.addBundle(name, assets);
  registered.add(name);
}

export async function loadBundles(names: readonly string[]): Promise<void> {
  const unknown = names.filter((n) => !registered.has(n));
  if (unknown.length) throw new Error(`Unknown scene bundle(s): ${unknown.join(', ')}`);
  if (names.length) await Assets.loadBundle([...names]);
}

/** Loads item images; a picture that fails or takes longer than `timeoutMs` is left out (the scene draws a fallback). */
export async function loadItemTextures(urls: readonly string[], timeoutMs = 3000): Promise<Map<string, Texture>> {
  const textures = new Map<string, Texture>();
  await Promise.all(
    [...new Set(urls)].filter(Boolean).map(async (url) => {
      try {
        const texture = await Promise.race([
          Assets.load<Texture>({ src: url, parser: url.endsWith('.svg') || url.startsWith('data:image/svg') ? 'loadSVG' : undefined }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
        ]);
        textures.set(url, texture);
      } catch {
        // Missing picture: the card shows its rarity art and name instead.
      }
    }),
  );
  return textures;
}

export async function unloadItemTextures(urls: Iterable<string>): Promise<void> {
  for (const url of urls) await Assets.unload(url).catch(() => {});
}
