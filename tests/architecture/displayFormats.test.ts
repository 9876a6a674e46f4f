import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One way to count and one way to date, in every text the client shows (docs/product.md §9,
// docs/client-shell.md "Display formats"): counted nouns through plural() ("1 item", "2 items",
// never "1 items"), dates through src/format/format.ts (the German short date, "21.11.26"), date
// filters through DateField (a bare <input type="date"> shows the browser locale's "11/21/2026").

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Lines of the client and the scenes (comments left out) that match `pattern`, as "file: line". */
function offenders(pattern: RegExp, except: (file: string) => boolean = () => false): string[] {
  return [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'scenes'))]
    .filter((file) => !except(path.relative(ROOT, file)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line))
        .map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
    );
}

const NOUNS = 'items|rounds|boxes|players|bets|seats|bots|days|hours|minutes|seconds|tickets|spins|drops|referrals|codes|entries|results|games|users|messages|points';

describe('display formats', () => {
  it('counts nouns with plural(): no number written straight before a plural noun, no hand-made singular', () => {
    expect(offenders(new RegExp(`\\}\\s*(${NOUNS})\\b`))).toEqual([]);
    expect(offenders(/=== 1 \? (['"`])(1 )?(\w+)\1 : \S*\3s\b/)).toEqual([]);
  });

  it('dates every date through src/format, date filters through DateField', () => {
    expect(offenders(/toLocale(Date|Time)?String\((?!'en-US'\))|new Intl\.DateTimeFormat/, (file) => file === 'src/format/format.ts')).toEqual([]);
    expect(offenders(/type=["']date["']/, (file) => file === 'src/components/DateField.tsx')).toEqual([]);
  });
});
