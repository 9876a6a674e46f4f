// A chunk that fails to load (a deploy replaced the hashed files while the tab was open) reloads the
// target path once. A short per-path marker in sessionStorage stops a reload loop when the file is
// really gone.
const MARKER = 'chunk-reload';
const LOOP_WINDOW_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(message);
}

/** Reloads `path` unless it was just reloaded for the same reason; returns whether it reloads. */
export function reloadForChunk(path: string, storage: Storage = sessionStorage, go: (path: string) => void = (p) => window.location.assign(p)): boolean {
  const key = `${MARKER}:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (Date.now() - last < LOOP_WINDOW_MS) return false;
  storage.setItem(key, String(Date.now()));
  go(path);
  return true;
}
