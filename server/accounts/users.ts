import { DEFAULT_LOCALE, type Locale } from '../../core/text/locales.ts';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../wallet/wallet.ts';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string | null;
  avatarUrl?: string | null;
  verified?: boolean;
  /** The player confirmed the Terms of Service and being 18+ (the time is stored). */
  termsAccepted?: boolean;
  promotions?: boolean;
  /** The language of the player's mails (docs/i18n.md); en-US when not given. */
  locale?: Locale;
}

/** Creates a player and their wallet account in one transaction; returns the id. */
export async function createUser(db: Db, wallet: Wallet, user: NewUser): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        name: user.name,
        email: user.email.trim(),
        password_hash: user.passwordHash,
        avatar_url: user.avatarUrl ?? null,
        email_verified_at: user.verified ? new Date() : null,
        terms_accepted_at: user.termsAccepted ? new Date() : null,
        promotions: user.promotions ?? false,
        locale: user.locale ?? DEFAULT_LOCALE,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await wallet.openAccount(trx, row.id);
    return row.id;
  });
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase())).executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Sets email_verified_at once; later calls keep the first time. */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}
