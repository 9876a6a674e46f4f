import { sql, type Kysely } from 'kysely';

// The chat's announcer (docs/community.md, "System messages") reads the challenge winners and the
// VIP rank-up bonuses paid in the last minutes, every second on every node: each by `paid_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index challenge_winners_paid on challenge_winners (paid_at)`.execute(db);
  await sql`create index vip_rank_bonuses_paid on vip_rank_bonuses (paid_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index challenge_winners_paid`.execute(db);
  await sql`drop index vip_rank_bonuses_paid`.execute(db);
}
