import { sql, type Kysely } from 'kysely';

// KYC tiers (docs/kyc.md). `kyc_profiles`: a player's verified level (0 none, 1 personal details
// given, 2 identity documents approved) and the details they gave. `kyc_applications`: each
// document check at the KYC provider (its applicant id, where it stands, the console's review).
// `kyc_sandbox_documents`: the sandbox provider's own private store of uploaded documents (a real
// provider keeps them on its side); nothing serves them but the console's staff-only route.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_profiles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('level', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`level between 0 and 2`))
    .addColumn('full_name', 'text')
    .addColumn('birth_date', 'text') // YYYY-MM-DD as the player gave it (checked by core/protocol/kyc.ts)
    .addColumn('country', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('kyc_applications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('started').check(sql`status in ('started', 'pending', 'approved', 'rejected')`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('users.id'))
    .execute();
  // One check open at a time per player; the console's queue reads the pending ones by time.
  await sql`create unique index kyc_applications_open on kyc_applications (user_id) where status in ('started', 'pending')`.execute(db);
  await sql`create index kyc_applications_pending on kyc_applications (submitted_at) where status = 'pending'`.execute(db);
  await db.schema
    .createTable('kyc_sandbox_documents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('applicant_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('identity', 'address')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index kyc_sandbox_documents_applicant on kyc_sandbox_documents (applicant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_sandbox_documents').execute();
  await db.schema.dropTable('kyc_applications').execute();
  await db.schema.dropTable('kyc_profiles').execute();
}
