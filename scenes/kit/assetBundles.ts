import { Assets } from 'pixi.js';

// Pixi's Assets behind a dynamic import (scenes/kit/assets.ts): loaded only when a scene declares a bundle.

const added = new Set<string>();

export async function loadAssetBundles(bundles: readonly { name: string; assets: Record<string, string> }[]): Promise<void> {
  for (const { name, assets } of bundles) {
    if (added.has(name)) continue;
    Assets.addBundle(name, assets);
    added.add(name);
  }
  await Assets.loadBundle(bundles.map((b) => b.name));
}
