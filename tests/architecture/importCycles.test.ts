import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sources } from './imports.ts';

// No import cycles in the product, type-only imports included (the lint rule import-x/no-cycle
// sees value imports only). A cycle between two modules means neither can be understood, tested
// or moved without the other; the fix is to move what both need into a third module below them.

const LAYERS = ['core', 'scenes', 'src', 'server'];

/** Strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.map((f) => path.relative(ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no cycle anywhere in core, scenes, src and server', () => {
    const graph = new Map<string, string[]>();
    for (const file of LAYERS.flatMap((layer) => sources(path.join(ROOT, layer)))) {
      graph.set(file, importsOf(file));
    }
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });
});
