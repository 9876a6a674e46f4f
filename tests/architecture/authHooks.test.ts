import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Routes authenticate in their onRequest hook, every one of them, so a request without a live
// token is a 401 before its body is parsed or validated (docs/architecture.md, Auth). A route that
// authenticated in preHandler would answer a signed-out request with a bad body 422 instead.

const SERVER = path.resolve(import.meta.dirname, '../../server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

describe('route authentication', () => {
  it('is an onRequest hook everywhere, never preHandler', () => {
    const late = sources(SERVER).filter((f) => /preHandler:\s*\w+\.authenticate/.test(readFileSync(f, 'utf8')));
    expect(late.map((f) => path.relative(SERVER, f))).toEqual([]);
  });
});
