// A small seeded generator (mulberry32) for decoration only: filler items on a reel, plinko jitter,
// particles. Outcomes never come from here; they come from the server. A seed makes a scene lab
// replay or a visual test frame-identical.
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
