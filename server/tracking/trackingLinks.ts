import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FastifyRequest } from 'fastify';
import { TRACKING_HEADER, type TrackingQuery } from '../../core/protocol/tracking.ts';

// Tracking links (docs/community.md): a link is one set of utm values; every GET /api/tl/… is a
// visit; a sign-up carrying the link's token in the X-Tracking-Link header is attributed to it
// (once per player); first deposits and deposit sums are read from paid invoices in the report.

/** Who visits, as the visits table keeps it: a keyed hash of the address, never the address itself. */
export function visitorKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(address).digest('base64url').slice(0, 22);
}

/**
 * Records a visit of the link with these utm values (made on first sight); answers its token. A
 * visitor counts once per link and UTC day: reloads and repeated calls are not more visits.
 */
export async function recordVisit(db: Db, source: string, query: TrackingQuery, visitor: string): Promise<string> {
  const utm = { source, medium: query.utm_medium ?? '', campaign: query.utm_campaign ?? '', term: query.utm_term ?? '', content: query.utm_content ?? '' };
  const link = await db
    .insertInto('tracking_links')
    .values({ ...utm, token: randomBytes(12).toString('base64url') })
    // A no-op update makes the existing row come back from RETURNING.
    .onConflict((oc) => oc.columns(['source', 'medium', 'campaign', 'term', 'content']).doUpdateSet({ source: (eb) => eb.ref('excluded.source') }))
    .returning(['id', 'token'])
    .executeTakeFirstOrThrow();
  await db.insertInto('tracking_visits').values({ link_id: link.id, visitor, day: new Date().toISOString().slice(0, 10) }).onConflict((oc) => oc.doNothing()).execute();
  return link.token;
}

/** The tracking link token the client's header carries (src/api/http.ts). */
export function trackingToken(request: FastifyRequest): string | undefined {
  const value = request.headers[TRACKING_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Attributes a new player to the link whose token the sign-up carried; unknown tokens are ignored. */
export async function attributeSignup(db: Db, userId: number, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 64) return false;
  const link = await db.selectFrom('tracking_links').select('id').where('token', '=', token).executeTakeFirst();
  if (!link) return false;
  const row = await db.insertInto('tracking_signups').values({ user_id: userId, link_id: link.id }).onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export interface TrackingReportRow {
  source: string;
  day: string;
  visits: number;
  signups: number;
  depositors: number;
  /** Cents of paid deposits that day by players the source brought. */
  deposits: number;
}

/** Visits, sign-ups, first depositors and deposit sums per source and UTC day, oldest first. */
export async function trackingReport(db: Db, range: { from?: string; to?: string } = {}): Promise<TrackingReportRow[]> {
  const from = range.from ?? '1970-01-01';
  const to = range.to ?? '9999-12-31';
  const day = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
  const { rows } = await sql<{ source: string; day: string; visits: string; signups: string; depositors: string; deposits: string }>`
    with facts as (
      select l.source, ${day('v.visited_at')} as day, 1 as visits, 0 as signups, 0 as depositors, 0::bigint as deposits
        from tracking_visits v join tracking_links l on l.id = v.link_id
      union all
      select l.source, ${day('s.created_at')}, 0, 1, 0, 0
        from tracking_signups s join tracking_links l on l.id = s.link_id
      union all
      select l.source, ${day('f.first_at')}, 0, 0, 1, 0
        from (select user_id, min(updated_at) as first_at from invoices where status = 'paid' group by user_id) f
        join tracking_signups s on s.user_id = f.user_id join tracking_links l on l.id = s.link_id
      union all
      select l.source, ${day('i.updated_at')}, 0, 0, 0, i.amount
        from invoices i join tracking_signups s on s.user_id = i.user_id join tracking_links l on l.id = s.link_id
        where i.status = 'paid'
    )
    select source, day, sum(visits) as visits, sum(signups) as signups, sum(depositors) as depositors, sum(deposits) as deposits
    from facts where day between ${from} and ${to}
    group by source, day order by day, source`.execute(db);
  return rows.map((r) => ({ source: r.source, day: r.day, visits: Number(r.visits), signups: Number(r.signups), depositors: Number(r.depositors), deposits: Number(r.deposits) }));
}
