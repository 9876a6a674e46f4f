import type { Db } from '../../db/database.ts';
import type { Wallet } from '../../wallet/wallet.ts';
import { createUser, findUserByEmail } from '../users.ts';
import { bindReferral } from '../../referrals/referrals.ts';
import { attributeSignup } from '../../tracking/trackingLinks.ts';
import type { SocialProfile } from './oauth2Provider.ts';
import type { KillSwitches } from '../../killSwitches/killSwitches.ts';
import { fieldError } from '../../http/errors.ts';
import { MESSAGES } from '../../../core/protocol/auth.ts';

// Which user a social identity signs in as. A known identity → its user. Otherwise, when the
// provider vouches for the email (verified), the account with that email is linked; if that
// account had never verified its email, its password is cleared (it was never proven to belong to
// the mailbox owner) and the email counts as verified from now on. Otherwise a new player is made
// (with a wallet, via createUser); a profile without an email gets a placeholder address that can
// receive nothing.

/** What the client remembered (referral code, tracking link token): used only when this sign-in makes a new player. */
export interface SignupContext {
  ref?: string;
  trackingLink?: string;
  /** The player confirmed the Terms of Service and being 18+ before leaving for the provider. */
  termsAccepted?: boolean;
}

/** `switches`: a new player is a sign-up, refused while new sign-ups are switched off (docs/operator-console.md, "Kill switches"); known players still sign in. */
export async function userForSocialProfile(db: Db, wallet: Wallet, switches: Pick<KillSwitches, 'check'>, provider: string, profile: SocialProfile, signup: SignupContext = {}): Promise<number> {
  const known = await db
    .selectFrom('social_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', profile.id)
    .executeTakeFirst();
  if (known) return known.user_id;

  let userId: number | undefined;
  if (profile.email && profile.emailVerified) {
    const existing = await findUserByEmail(db, profile.email);
    if (existing) {
      userId = existing.id;
      if (!existing.email_verified_at) {
        await db.updateTable('users').set({ email_verified_at: new Date(), password_hash: null }).where('id', '=', existing.id).execute();
      }
    }
  }
  if (userId === undefined) {
    // A new account needs the same confirmation as an email sign-up; known players sign in without it.
    switches.check('sign_ups');
    if (!signup.termsAccepted) throw fieldError('terms', MESSAGES.termsRequired);
    const email = profile.email && profile.emailVerified && !(await findUserByEmail(db, profile.email)) ? profile.email : `${provider}-${profile.id}@users.invalid`;
    userId = await createUser(db, wallet, {
      name: profile.name.slice(0, 50),
      email,
      passwordHash: null,
      avatarUrl: profile.avatarUrl,
      verified: email === profile.email,
      termsAccepted: true,
    });
    if (signup.ref) await bindReferral(db, userId, signup.ref);
    await attributeSignup(db, userId, signup.trackingLink);
  }
  await db
    .insertInto('social_identities')
    .values({ user_id: userId, provider, provider_user_id: profile.id })
    .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
  return userId;
}
