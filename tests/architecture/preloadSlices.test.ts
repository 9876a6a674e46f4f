import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPEND, APPEND_LATER, SLICED_APPEND, preloadSlices } from '../../scripts/preloadSlices.ts';

// The client build's change to Vite's preload helper (scripts/preloadSlices.ts): it still finds the
// helper's one append in the installed Vite, and the links it is handed reach the document one per task,
// in order.

const viteNode = path.resolve('node_modules/vite/dist/node/chunks/node.js');
const plugin = preloadSlices() as { transform(code: string, id: string): { code: string } | null };

describe("the preload helper's links, one per task", () => {
  it("finds the installed Vite's append, and fails the build when it is not there", () => {
    const source = readFileSync(viteNode, 'utf8');
    const helper = /function preload\(baseModule, deps, importerUrl\) \{[^]*?\n\}\n/.exec(source)?.[0];
    expect(helper, "Vite's preload function").toBeDefined();
    const out = plugin.transform(helper!, '\0vite/preload-helper.js')!.code;
    expect(out.startsWith(APPEND_LATER)).toBe(true);
    expect(out).toContain(SLICED_APPEND);
    expect(out.split(APPEND).length).toBe(2); // only the stylesheet's, inside SLICED_APPEND
    expect(() => plugin.transform('export const x = 1;', '\0vite/preload-helper.js')).toThrow(/no longer appends/);
    expect(plugin.transform(helper!, '/src/other.ts')).toBeNull();
  });

  it('appends one link per task, in the order asked for', async () => {
    const appended: string[] = [];
    const document = { head: { appendChild: (link: { href: string }) => appended.push(link.href) } };
    const appendLater = new Function('document', 'MessageChannel', `${APPEND_LATER}\nreturn __shopAppendLater;`)(document, MessageChannel) as (link: { href: string }) => void;
    for (const href of ['a', 'b', 'c']) appendLater({ href });
    expect(appended).toEqual([]); // nothing in the task that asked
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (let i = 0; i < 10 && appended.length < 3; i++) await tick();
    expect(appended).toEqual(['a', 'b', 'c']);
    appendLater({ href: 'd' }); // a later import starts the queue again
    for (let i = 0; i < 10 && appended.length < 4; i++) await tick();
    expect(appended).toEqual(['a', 'b', 'c', 'd']);
  });
});
