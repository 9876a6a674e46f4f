import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright';

// The Chromium the tests drive (Playwright journeys, Vitest's browser project), found or installed
// on any machine. In order: CHROMIUM_PATH, the system's /usr/bin/chromium, Playwright's own build.
// `npm test` runs this file first: when none is there it installs one (Playwright's download where
// the network allows it, else Debian's package where apt works) or stops with one line saying what
// to install. playwright.config.ts and vitest.config.ts read the same answer from systemChromium().

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// Chromium's old headless shell (Debian's chromium-headless-shell, the same version): no browser UI
// behind the page, about a quarter less CPU per journey than the full browser in headless mode on
// these cores. The journeys run in it; the page sweep's and the scenes' pictures stay with the full
// browser their baselines were taken in (tests/README.md).
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const INSTALL_HINT =
  'No Chromium for the tests: run `npx playwright install chromium` (needs the network) or `apt-get install chromium fonts-liberation`, or set CHROMIUM_PATH to a Chromium binary.';

/**
 * The Chromium binary to launch, or undefined for Playwright's own build (Playwright picks it
 * itself). CHROMIUM_PATH wins when set, even if it does not exist: the launch then names it.
 */
export function systemChromium(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/**
 * The Chromium the journeys (Playwright's desktop project) launch: CHROMIUM_HEADLESS_PATH, else the
 * system's headless shell, else the same one as every other test (systemChromium). A journey checks
 * behaviour, never pixels, so the lighter shell changes no result.
 */
export function journeyChromium(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string | undefined {
  if (env.CHROMIUM_HEADLESS_PATH) return env.CHROMIUM_HEADLESS_PATH;
  if (!env.CHROMIUM_PATH && exists(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
  return systemChromium(env, exists);
}

function playwrightChromiumInstalled(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

/** Where a usable Chromium is, or null. */
function findChromium(): string | null {
  const system = systemChromium();
  if (system) return existsSync(system) ? system : null;
  return playwrightChromiumInstalled() ? chromium.executablePath() : null;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: 15 * 60_000 });
  return result.status === 0;
}

function installWithPlaywright(): boolean {
  console.log('No Chromium found: trying `npx playwright install chromium`…');
  return run('npx', ['--no-install', 'playwright', 'install', 'chromium']) && playwrightChromiumInstalled();
}

function canApt(): boolean {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0 && process.getuid?.() === 0;
}

function apt(args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', args, { stdio: 'inherit', env, timeout: 15 * 60_000 }).status === 0;
}

function installWithApt(): boolean {
  if (!canApt()) return false;
  console.log("Trying Debian's package (apt-get install chromium chromium-headless-shell fonts-liberation)…");
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium', 'chromium-headless-shell', 'fonts-liberation']) && existsSync(SYSTEM_CHROMIUM);
}

/** The journeys' lighter shell beside a system Chromium, where apt can add it; without it they run in the full browser. */
function addHeadlessShell(): void {
  if (process.env.CHROMIUM_PATH || process.env.CHROMIUM_HEADLESS_PATH || existsSync(SYSTEM_HEADLESS_SHELL) || !existsSync(SYSTEM_CHROMIUM) || !canApt()) return;
  console.log("Adding Debian's chromium-headless-shell for the journeys…");
  if (apt(['install', '-y', '-qq', 'chromium-headless-shell'])) return;
  if (apt(['update', '-qq'])) apt(['install', '-y', '-qq', 'chromium-headless-shell']);
}

/** Finds a Chromium or installs one; false (with the one-line hint printed) when neither works. */
export function ensureChromium(): boolean {
  const found = findChromium();
  if (found) {
    addHeadlessShell();
    return true;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chromium binary or unset it.`);
    return false;
  }
  if (installWithPlaywright() || installWithApt()) return true;
  console.error(INSTALL_HINT);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!ensureChromium()) process.exit(1);
}
