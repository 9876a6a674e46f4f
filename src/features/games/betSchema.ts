import type { ZodType } from 'zod';
import { whenViewerActs } from '../../../scenes/kit/viewerActs.ts';
import { localizeBetMessage } from './validation/betMessages.ts';

// A bet form checks its body with the shared zod schema (the form refuses exactly what the server
// would), but zod (~22 KiB brotli) is not needed to draw the page. So a page names its schema as a
// dynamic import: it is fetched at the viewer's first act on the page (a touch, click, pointer move or
// key: scenes/kit/viewerActs.ts), in the next idle moment, or at the first bet if that comes sooner; a
// page opened and not played never downloads it (docs/performance.md, "Budgets").

export type SchemaLoader = () => Promise<ZodType>;

export interface FieldIssue {
  field: string;
  message: string;
}

const loads = new WeakMap<SchemaLoader, Promise<ZodType>>();

/** The schema, loaded once per loader. */
export function loadSchema(loader: SchemaLoader): Promise<ZodType> {
  let load = loads.get(loader);
  if (!load) {
    load = loader();
    // A failed download may be retried at the next bet.
    load.catch(() => loads.delete(loader));
    loads.set(loader, load);
  }
  return load;
}

/** Starts the download at the viewer's first act, when the browser is idle; returns the cancel for an effect's cleanup. */
export function prefetchSchema(loader: SchemaLoader | undefined): () => void {
  if (!loader) return () => undefined;
  const start = () => void loadSchema(loader).catch(() => undefined);
  let cancelIdle = () => {};
  const stopWaiting = whenViewerActs(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 500 });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(start, 1);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    stopWaiting();
    cancelIdle();
  };
}

/** The body's first problem by the schema (field and message in the page's language), or null when it passes. */
export async function schemaProblem(loader: SchemaLoader | undefined, body: unknown): Promise<FieldIssue | null> {
  if (!loader) return null;
  const parsed = (await loadSchema(loader)).safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { field: String(issue.path[0] ?? 'amount'), message: localizeBetMessage(issue.message) };
}
