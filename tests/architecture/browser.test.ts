import { describe, expect, it } from 'vitest';
import { systemChromium } from '../../scripts/browser.ts';

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
