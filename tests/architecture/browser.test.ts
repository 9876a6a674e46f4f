import { describe, expect, it } from 'vitest';
import { journeyChromium, systemChromium } from '../../scripts/browser.ts';

// Which Chromium the journeys and the browser tests launch (scripts/browser.ts): CHROMIUM_PATH,
// else the system's, else undefined so Playwright launches its own build.
describe('systemChromium', () => {
  it('takes CHROMIUM_PATH first, even when the system has one', () => {
    expect(systemChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, () => true)).toBe('/opt/chrome/chrome');
  });
  it("takes the system's /usr/bin/chromium when there is one", () => {
    expect(systemChromium({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
  });
  it("leaves the choice to Playwright (its own build) when there is none", () => {
    expect(systemChromium({}, () => false)).toBeUndefined();
  });
});

// The journeys run in the headless shell where the system has one (scripts/browser.ts); a Chromium the
// caller names wins, and without a shell they run in the same Chromium as the rest.
describe('journeyChromium', () => {
  it('takes CHROMIUM_HEADLESS_PATH first', () => {
    expect(journeyChromium({ CHROMIUM_HEADLESS_PATH: '/opt/shell' }, () => true)).toBe('/opt/shell');
  });
  it("takes the system's headless shell beside the system's Chromium", () => {
    expect(journeyChromium({}, () => true)).toBe('/usr/bin/chromium-headless-shell');
  });
  it('keeps a CHROMIUM_PATH the caller set rather than a shell of another version', () => {
    expect(journeyChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, () => true)).toBe('/opt/chrome/chrome');
  });
  it('falls back to the Chromium of every other test without a shell', () => {
    expect(journeyChromium({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
  });
});
