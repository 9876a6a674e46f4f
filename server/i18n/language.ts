import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { readCookie } from '../http/cookies.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../core/text/locales.ts';

// The language a request is answered in (docs/i18n.md, "Texts the server sends"): the page's, from
// the spec's `locale` cookie every page writes at its start; en-US (the spec's) without one, so an
// API client that sets no cookie reads the spec's texts.

export function requestLocale(request: FastifyRequest): Locale {
  const cookie = readCookie(request, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/**
 * Keeps the player's mail language the one their pages use now (the profile call every page makes at
 * its start passes what it read of the player): a write only when it changed.
 */
export async function keepMailLocale(db: Db, user: { id: number; locale: Locale }, locale: Locale): Promise<void> {
  if (user.locale !== locale) await db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
}
