import { sql, type Kysely } from 'kysely';

// Support tickets (docs/community.md): a ticket of one player and its messages, written by the
// player or by an operator (`npm run ops -- support reply`). An operator's message waits with
// notified_at null until a server node has mailed and told the player (claimed once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'answered', 'closed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_tickets_by_user').on('support_tickets').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('support_tickets_by_status').on('support_tickets').columns(['status', 'updated_at']).execute();
  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ticket_id', 'bigint', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('player', 'operator')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('support_messages_by_ticket').on('support_messages').columns(['ticket_id', 'id']).execute();
  await sql`create index support_messages_unnotified on support_messages (id) where author = 'operator' and notified_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
}
