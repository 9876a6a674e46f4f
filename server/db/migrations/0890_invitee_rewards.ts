import { sql, type Kysely } from 'kysely';

// The invitee's welcome reward (docs/community.md): a referred player is paid once, when their email
// is verified. The referrals row records it: `invitee_reward` (cents paid) and `invitee_rewarded_at`
// are set together by the one conditional update that claims it inside the crediting transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('referrals')
    .addColumn('invitee_reward', 'bigint', (c) => c.check(sql`invitee_reward > 0`))
    .addColumn('invitee_rewarded_at', 'timestamptz')
    .execute();
  await sql`alter table referrals add constraint referrals_invitee_reward_once check ((invitee_reward is null) = (invitee_rewarded_at is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('referrals').dropConstraint('referrals_invitee_reward_once').execute();
  await db.schema.alterTable('referrals').dropColumn('invitee_reward').dropColumn('invitee_rewarded_at').execute();
}
