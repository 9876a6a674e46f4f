// What a chat message may say (docs/community.md, "Chat"): one pure check shared by the server,
// which decides, and the chat box, which says why before sending. Text only: a message is shown as
// text, never as markup, and these rules refuse what would only be noise or a trap in it.

/** C0/C1 controls, and the invisible and direction-changing marks that can disguise a message. */
const CONTROL_RANGES: readonly [number, number][] = [[0x00, 0x1f], [0x7f, 0x9f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x2069], [0xfeff, 0xfeff]];
const isControl = (ch: string) => CONTROL_RANGES.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi);
/** Something that reads as an HTML tag, comment or entity. */
const MARKUP = /<\s*[a-z!/?]|&(#\d+|#x[0-9a-f]+|[a-z]+);/iu;
/** A link: a scheme, or a host with a dot and a known-looking top-level name. */
const LINK = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b(?:\/[^\s]*)?/giu;
const MENTION = /(^|[^\p{L}\p{N}_])@([\p{L}\p{N}_.-]{2,32})/gu;

export const CHAT_TEXT_ERRORS = {
  empty: 'Write a message first.',
  tooLong: (max: number) => `A message has at most ${max} characters.`,
  control: 'The message contains control or invisible characters.',
  markup: 'Markup (HTML tags or entities) is not allowed in chat.',
  link: 'Links are not allowed in chat, except to sites on the allowed list.',
  banned: 'The message contains a phrase that is not allowed in chat.',
} as const;

export interface ChatTextRules {
  maxLength: number;
  /** Hosts a link may point to (lower case; a subdomain of one counts). */
  allowedHosts: readonly string[];
  /** Phrases refused anywhere in a message, case-insensitively. */
  bannedPhrases: readonly string[];
}

function hostOf(link: string): string {
  const bare = link.replace(/^[a-z][a-z0-9+.-]*:\/\//iu, '').replace(/^www\./iu, '');
  return bare.split(/[/?#:]/u)[0]!.toLowerCase();
}

function allowedLink(link: string, hosts: readonly string[]): boolean {
  const host = hostOf(link);
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The message as it will be stored (trimmed), or the reason it is refused. */
export function checkChatText(raw: string, rules: ChatTextRules): { ok: true; text: string } | { ok: false; error: string } {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, error: CHAT_TEXT_ERRORS.empty };
  if ([...text].length > rules.maxLength) return { ok: false, error: CHAT_TEXT_ERRORS.tooLong(rules.maxLength) };
  if ([...text].some(isControl)) return { ok: false, error: CHAT_TEXT_ERRORS.control };
  if (MARKUP.test(text)) return { ok: false, error: CHAT_TEXT_ERRORS.markup };
  for (const link of text.match(LINK) ?? []) if (!allowedLink(link, rules.allowedHosts)) return { ok: false, error: CHAT_TEXT_ERRORS.link };
  const lower = text.toLocaleLowerCase('en');
  if (rules.bannedPhrases.some((p) => p.trim() !== '' && lower.includes(p.trim().toLocaleLowerCase('en')))) return { ok: false, error: CHAT_TEXT_ERRORS.banned };
  return { ok: true, text };
}

/** The names mentioned as @name, each once, in the order written. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION)) names.add(m[2]!.replace(/[.-]+$/u, ''));
  return [...names];
}
