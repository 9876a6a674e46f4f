// Text into HTML the server writes itself (mail, the filled pages of server/plugins/client.ts).

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * JSON safe inside a `<script type="application/json">` data block: no `<` can close the block or
 * open a comment, and JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
