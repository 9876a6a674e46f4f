import type { Db } from '../db/database.ts';

// Who may be sent promotional mail (news, bonuses, new drops): players who asked for it at sign-up
// (users.promotions) and are not on a break (docs/account-safety.md, "Limits and exclusions"). The
// shop's mails today are all transactional (verification, password reset, support answers: they
// still go to everyone); a promotional mailing takes its recipients from here and nowhere else.

export async function marketingRecipients(db: Db, now: Date): Promise<{ id: number; email: string; name: string }[]> {
  return db
    .selectFrom('users')
    .leftJoin('responsible_gaming as rg', 'rg.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('users.promotions', '=', true)
    .where((eb) => eb.or([eb('rg.exclusion_kind', 'is', null), eb.and([eb('rg.excluded_until', 'is not', null), eb('rg.excluded_until', '<=', now)])]))
    .orderBy('users.id')
    .execute();
}
