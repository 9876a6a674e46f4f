import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../../core/text/locales.ts';
import { requestLocale } from '../i18n/language.ts';
import { translateApiText } from '../i18n/apiMessages.ts';
import { serverTranslator } from '../i18n/serverText.ts';
import type english from './i18n/en-US.json';

// Every answer's messages in the language of the page that asked (docs/i18n.md, "Texts the server
// sends"): the texts a page shows as they arrive — `message`, `msg`, a `…_msg` beside them, a battle
// refusal's `data.msg` and a 422's field `errors` (its `message` summing them up again in that
// language) — on their way out, errors and answers alike. en-US answers are not touched: they are
// the spec's, byte for byte.

const text = serverTranslator<typeof english>(new URL('./i18n/', import.meta.url));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer with its messages in `locale` (a copy: handlers may answer with shared objects). */
export function answerIn(locale: Locale, payload: unknown): unknown {
  if (locale === DEFAULT_LOCALE || !isRecord(payload)) return payload;
  let out: Record<string, unknown> | null = null;
  const set = (key: string, value: unknown) => {
    out ??= { ...payload };
    out[key] = value;
  };
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && (key === 'message' || key === 'msg' || key.endsWith('_msg'))) {
      const translated = translateApiText(locale, value);
      if (translated !== value) set(key, translated);
    }
  }
  if (isRecord(payload.data) && typeof payload.data.msg === 'string') set('data', { ...payload.data, msg: translateApiText(locale, payload.data.msg) });
  if (isRecord(payload.errors)) {
    const errors = Object.fromEntries(Object.entries(payload.errors).map(([field, list]) => [field, Array.isArray(list) ? list.map((m) => (typeof m === 'string' ? translateApiText(locale, m) : m)) : list]));
    set('errors', errors);
    const all = Object.values(errors).flat().filter((m): m is string => typeof m === 'string');
    if (all.length > 0) set('message', all.length === 1 ? all[0] : text(locale, 'moreErrors', { first: all[0]!, count: all.length - 1 }));
  }
  return out ?? payload;
}

export function installAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => answerIn(requestLocale(request), payload));
}
