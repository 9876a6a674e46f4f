import type { Page } from '@playwright/test';

// Records, in the page, every text the elements matching a selector show as they appear and change:
// what a toast said after it closed (2 s), what a live region announced before the next round
// cleared it. Installed on the current document (again after a navigation).

export async function recordTexts(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(
    ([key, css]) => {
      const all = ((window as unknown as { __seen?: Record<string, string[]> }).__seen ??= {});
      const seen: string[] = (all[key!] = []);
      const look = () =>
        document.querySelectorAll(css!).forEach((el) => {
          const text = el.textContent ?? '';
          if (text && seen.at(-1) !== text && !seen.includes(text)) seen.push(text);
        });
      look();
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [name, selector],
  );
}

/** The texts recorded under `name`, in the order they first appeared. */
export const textsSeen = (page: Page, name: string): Promise<string[]> =>
  page.evaluate((key) => (window as unknown as { __seen?: Record<string, string[]> }).__seen?.[key] ?? [], name);
