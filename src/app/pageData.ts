import { PAGE_DATA_ID } from '../../core/pageData.ts';

// The data a filled page came with (server/plugins/client.ts, core/pageData.ts): the box page's box.
// Parsed once; empty on every other page and when the block is missing or unreadable (the page then
// asks the API as it would anyway).
let parsed: Record<string, unknown> | undefined;

export function pageData(): Record<string, unknown> {
  if (parsed === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
    try {
      const value: unknown = text ? JSON.parse(text) : {};
      parsed = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    } catch {
      parsed = {};
    }
  }
  return parsed;
}
