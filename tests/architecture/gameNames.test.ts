import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../core/games/catalog.ts';

// A game is named in one place, the game catalog (core/games/catalog.ts), and in its own files:
// every list, enum, union and switch of games elsewhere derives from the catalog, so adding a game
// is its entry plus its own folders (docs/architecture.md, "The game descriptor"). This test fails
// when a game id is written out as a string literal ('dice', "dice", `dice`, and so a union member
// 'crash' | 'wheel') in product code outside the places below. Prose is not code: whole-line
// comments and trailing `// …` comments are skipped, and a word inside a longer string ("Crash
// calculator", '/dice/provably-fair') is not a literal naming the game.

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['core', 'server', 'src', 'scenes', 'scripts'];

/**
 * A game's own files: any file or folder below a layer whose name starts with the game's id
 * (core/games/dicePayout.ts, core/fair/crash…, core/protocol/wheelEvents.ts, server/games/plinko/,
 * server/boxes/, server/routes/api/upgrade.ts, scenes/box-opening/, src/pages/fair/CrashFairPage.tsx,
 * src/features/fair/wheelCalculator.tsx). Such a file may name its own game, no other.
 */
function ownGames(file: string): Set<string> {
  const segments = file.split('/').slice(1);
  return new Set(GAME_IDS.filter((g) => segments.some((s) => s.toLowerCase().startsWith(g))));
}

/** Places that may name any game, each with why. Keep it short: deriving beats listing. */
const ALLOWED: readonly { place: string; why: string }[] = [
  { place: 'core/games/catalog.ts', why: 'the game descriptor: the one list of games' },
  { place: 'core/games/gameBasics.ts', why: "the game descriptor's light part (ids, kinds, fairness pages), which the catalog's entries read" },
  { place: 'server/db/migrations/', why: 'a migration is history: it names the games of its day and is never edited' },
  { place: 'src/app/routes.tsx', why: 'the router: each game page is a route, named by its path' },
  { place: 'src/app/layout/navigation.ts', why: 'the navigation: the order and visibility of game links is copy' },
  { place: 'core/fair/commands/', why: "the verifier CLI's commands: one file each, named after the word a person types (npm run fair -- dice …)" },
  { place: 'src/pages/scene-lab/', why: 'the scene lab: one tab per scene, keyed by scene names (which are not all games)' },
  { place: 'core/protocol/betReplay.ts', why: "a bet's replay: each replayable game's parameters and stored outcome (docs/transparency.md)" },
  { place: 'src/features/transparency/replay/', why: "the bet page's replay: each game's scene and its outcome recomputed, one per game like the scene lab's tabs" },
  { place: 'src/pages/leaderboard/', why: "the leaderboard page's copy: plinko's own board is one of its tabs (docs/rewards.md)" },
];

/**
 * Where a game's id is a word of another meaning: the HTTP upgrade event of Node's server, a game
 * kind (the kinds 'box' and 'battle' share their games' names), and the browser's wheel event in a
 * list typed as the window's event names.
 */
const OTHER_MEANINGS = [/\.(on|once|off|removeAllListeners)\('upgrade'/g, /(gamesOfKind\(|GameOfKind<|kindIn\(|kind === )'\w+'/g, /^.*satisfies readonly \(keyof WindowEventMap\)\[\];$/g];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path.join(dir, e.name)] : []));
}

const LITERAL = new RegExp(`(['"\`])(${GAME_IDS.join('|')})\\1`, 'g');

/** The game ids a line of code writes out as literals, comments and other meanings left out. */
function namedGames(line: string): string[] {
  if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
  let code = line.replace(/\s\/\/\s.*$/, '');
  for (const other of OTHER_MEANINGS) code = code.replace(other, '');
  return [...code.matchAll(LITERAL)].map((m) => m[2]!);
}

function offenders(): string[] {
  return LAYERS.flatMap((layer) => sources(path.join(ROOT, layer)))
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    .filter((file) => !ALLOWED.some((a) => (a.place.endsWith('/') ? file.startsWith(a.place) : file === a.place)))
    .flatMap((file) => {
      const own = ownGames(file);
      return readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (namedGames(line).some((g) => !own.has(g)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    });
}

describe('game names', () => {
  it('finds a game written out as a literal or a union member, and not in prose', () => {
    expect(namedGames(`const games = ['crash', "wheel"];`)).toEqual(['crash', 'wheel']);
    expect(namedGames('type G = `dice` | \'plinko\';')).toEqual(['dice', 'plinko']);
    expect(namedGames('  // the crash and the wheel share a round engine')).toEqual([]);
    expect(namedGames(" * 'dice' in a doc comment")).toEqual([]);
    expect(namedGames(`title: 'Crash calculator', path: '/dice/provably-fair' // 'box'`)).toEqual([]);
    expect(namedGames(`server.on('upgrade', onUpgrade); if (game === 'upgrade') {}`)).toEqual(['upgrade']);
    expect(namedGames(`const ACTS = ['keydown', 'wheel'] as const satisfies readonly (keyof WindowEventMap)[];`)).toEqual([]);
    expect(namedGames(`const ACTS = ['keydown', 'wheel'] as const;`)).toEqual(['wheel']);
  });

  it("knows a game's own files by their name", () => {
    expect([...ownGames('src/pages/fair/CrashFairPage.tsx')]).toEqual(['crash']);
    expect([...ownGames('server/boxes/openBox.ts')]).toEqual(['box']);
    expect([...ownGames('server/games/schema.ts')]).toEqual([]);
  });

  it('names games only in the catalog, their own files and the allowed places', () => {
    expect(offenders()).toEqual([]);
  });

  it('allows only places that exist', () => {
    expect(ALLOWED.filter((a) => !existsSync(path.join(ROOT, a.place))).map((a) => a.place)).toEqual([]);
  });
});
