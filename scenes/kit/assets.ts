import { ImageSource, Texture } from 'pixi.js';

// Asset bundles scenes declare in `bundles`; the host loads them before mount. Scenes draw most of
// their art with Graphics, so bundles are few; item pictures come as URLs inside results (SVG served
// by our own server) and load through loadItemTextures. Pixi's Assets (loader, resolver, its
// spritesheet and bitmap-font parsers) is imported only when a scene declares a bundle, so a page
// whose scenes declare none does not download it (docs/performance.md, "Budgets").

const registered = new Map<string, Record<string, string>>();

export function registerBundle(name: string, assets: Record<string, string>): void {
  if (!registered.has(name)) registered.set(name, assets);
}

export async function loadBundles(names: readonly string[]): Promise<void> {
  const unknown = names.filter((n) => !registered.has(n));
  if (unknown.length) throw new Error(`Unknown scene bundle(s): ${unknown.join(', ')}`);
  if (!names.length) return;
  const { loadAssetBundles } = await import('./assetBundles.ts');
  await loadAssetBundles(names.map((name) => ({ name, assets: registered.get(name)! })));
}

// Item pictures: each scene owns its own textures (no shared cache), made from an <img> it decodes
// itself, and destroys them (with their GPU memory, if a sprite ever drew one) on destroy. Sharing
// through Assets' cache made a texture's lifetime depend on whichever scene unloaded last (the leak
// test caught pictures left on the GPU after a destroy that raced a load). The price is one decode per
// picture per mount. The reels (scenes/kit/cardSheet.ts) draw the pictures into their card sheet on a
// 2D canvas, so there only the sheet is uploaded.
// Counting GPU textures: a freed texture leaves a null slot in Pixi's managed hash, so count only
// live entries (tests/scenes/sceneHarness.ts liveGpuTextures).

/** Loads item images; a picture that fails or takes longer than `timeoutMs` is left out (the scene draws a fallback). The caller destroys them with releaseItemTextures. */
export async function loadItemTextures(urls: readonly string[], timeoutMs = 3000): Promise<Map<string, Texture>> {
  const textures = new Map<string, Texture>();
  await Promise.all(
    [...new Set(urls)].filter(Boolean).map(async (url) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const image = new Image();
        image.crossOrigin = 'anonymous';
        image.src = url;
        await Promise.race([image.decode(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)))]);
        textures.set(url, new Texture({ source: new ImageSource({ resource: image }) }));
      } catch {
        // Missing picture: the card shows its rarity art and name instead.
      } finally {
        // No timer (and its closure) outlives the load, e.g. after a quick destroy.
        clearTimeout(timer);
      }
    }),
  );
  return textures;
}

export function releaseItemTextures(textures: Iterable<Texture>): void {
  for (const texture of textures) texture.destroy(true);
}

/**
 * Adds the pictures of `items` that `into` lacks. If the scene was destroyed meanwhile
 * (`destroyed()`), releases them at once instead: nobody else would.
 */
export async function loadMissingItemTextures(into: Map<string, Texture>, items: readonly { img_url?: string | null }[], destroyed: () => boolean): Promise<void> {
  const urls = items.map((i) => i.img_url).filter((u): u is string => Boolean(u) && !into.has(u!));
  if (!urls.length) return;
  const loaded = await loadItemTextures(urls);
  if (destroyed()) {
    releaseItemTextures(loaded.values());
    return;
  }
  for (const [url, texture] of loaded) into.set(url, texture);
}
