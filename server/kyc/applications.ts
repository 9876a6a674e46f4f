import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { KYC_MSG, KYC_WITHDRAWAL_LIMITS, type KycApplication, type KycDetails, type KycStatus } from '../../core/protocol/kyc.ts';
import { msgError, notFound } from '../http/errors.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { notify } from '../notifications/notifications.ts';
import type { KycCallback, KycProvider } from './provider.ts';
import { kycLevel, withdrawnInWindow } from './levels.ts';

// A player's way up the levels (docs/kyc.md): their details make level 1; a document check at the
// provider, submitted there and approved in our console, makes level 2. The application's status
// moves only by conditional updates (started → pending on the provider's callback, pending →
// approved | rejected on the review's callback), so a callback delivered twice changes nothing twice.

function detailsOf(row: { full_name: string | null; birth_date: string | null; country: string | null } | undefined): KycDetails | null {
  return row?.full_name && row.birth_date && row.country ? { full_name: row.full_name, birth_date: row.birth_date, country: row.country } : null;
}

export async function kycStatus(db: Db, userId: number): Promise<KycStatus> {
  const [profile, application, used] = await Promise.all([
    db.selectFrom('kyc_profiles').select(['level', 'full_name', 'birth_date', 'country']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('kyc_applications').select(['status', 'note', 'submitted_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    withdrawnInWindow(db, userId),
  ]);
  const level = profile?.level ?? 0;
  const limit = KYC_WITHDRAWAL_LIMITS[level];
  return {
    level,
    limit: limit === null ? null : centsToCoins(limit),
    used: centsToCoins(used),
    details: detailsOf(profile),
    // A rejection's note is the console's reason, for the player; other notes are the staff's own.
    application: application ? { status: application.status, note: application.status === 'rejected' ? application.note : null, submitted_at: application.submitted_at?.toISOString() ?? null } : null,
  };
}

/** Saves the player's details (level 1 at least); refused once their identity is verified. */
export async function saveDetails(db: Db, userId: number, details: KycDetails): Promise<void> {
  const saved = await db
    .insertInto('kyc_profiles')
    .values({ user_id: userId, level: 1, ...details })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...details, level: sql`greatest(kyc_profiles.level, 1)`, updated_at: sql`now()` }).where('kyc_profiles.level', '<', 2))
    .returning('user_id')
    .executeTakeFirst();
  if (!saved) throw msgError(409, KYC_MSG.detailsLocked);
}

/** Opens a document check at the provider (or gives back the one the player has not submitted yet): where to upload. */
export async function startCheck(db: Db, provider: KycProvider | null, userId: number): Promise<string> {
  const level = await kycLevel(db, userId);
  if (level === 0) throw msgError(422, KYC_MSG.detailsFirst);
  if (level === 2) throw msgError(409, KYC_MSG.verified);
  if (!provider) throw msgError(503, KYC_MSG.unavailable);
  const open = await db.selectFrom('kyc_applications').select(['status', 'applicant_id']).where('user_id', '=', userId).where('status', 'in', ['started', 'pending']).executeTakeFirst();
  if (open?.status === 'pending') throw msgError(409, KYC_MSG.inReview);
  if (open) return provider.verifyUrl(open.applicant_id);
  const { applicantId, verifyUrl } = await provider.createApplicant(userId);
  // Two starts at once: the partial unique index keeps one open check; the loser reads the winner's.
  const row = await db.insertInto('kyc_applications').values({ user_id: userId, provider: provider.name, applicant_id: applicantId }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return row ? verifyUrl : startCheck(db, provider, userId);
}

/** The player's own open check by its applicant id (the sandbox upload page's calls), or 404. */
export async function ownApplicant(db: Db, userId: number, applicantId: string): Promise<{ status: KycApplication['status'] }> {
  const row = await db.selectFrom('kyc_applications').select('status').where('applicant_id', '=', applicantId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(KYC_MSG.applicantNotFound);
  return row;
}

/** Applies a verified provider callback; false when it changed nothing (a repeat, or an unknown applicant). */
export async function applyKycCallback(db: Db, event: KycCallback): Promise<boolean> {
  if (event.type === 'applicantPending') {
    const moved = await db.updateTable('kyc_applications').set({ status: 'pending', submitted_at: sql`now()` }).where('applicant_id', '=', event.applicantId).where('status', '=', 'started').returning('id').executeTakeFirst();
    return moved !== undefined;
  }
  const approved = event.reviewAnswer === 'GREEN';
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('kyc_applications')
      .set({ status: approved ? 'approved' : 'rejected', reviewed_at: sql`now()` })
      .where('applicant_id', '=', event.applicantId)
      .where('status', '=', 'pending')
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!moved) return false;
    if (approved) await trx.updateTable('kyc_profiles').set({ level: 2, updated_at: sql`now()` }).where('user_id', '=', moved.user_id).execute();
    await notify(trx, moved.user_id, 'kyc', `kyc:${moved.id}`, { approved });
    return true;
  });
}

async function applicationRows(db: Db, where: { status?: 'pending' | 'reviewed'; id?: number }) {
  let q = db
    .selectFrom('kyc_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('kyc_profiles as p', 'p.user_id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.name', 'a.applicant_id', 'a.status', 'a.note', 'a.submitted_at', 'a.reviewed_at', 'p.level', 'p.full_name', 'p.birth_date', 'p.country']);
  if (where.id !== undefined) q = q.where('a.id', '=', where.id);
  if (where.status === 'pending') q = q.where('a.status', '=', 'pending').orderBy('a.submitted_at');
  if (where.status === 'reviewed') q = q.where('a.status', 'in', ['approved', 'rejected']).orderBy('a.reviewed_at', 'desc');
  return q.limit(200).execute();
}

async function withDocuments(provider: KycProvider, rows: Awaited<ReturnType<typeof applicationRows>>): Promise<KycApplication[]> {
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      player: { id: r.user_id, name: r.name },
      level: r.level ?? 0,
      details: detailsOf(r),
      status: r.status,
      note: r.note,
      documents: await provider.documents(r.applicant_id),
      submitted_at: r.submitted_at?.toISOString() ?? null,
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
    })),
  );
}

/** The console's queue: the checks waiting for a review (oldest first), or the reviewed ones (newest first). */
export async function kycQueue(db: Db, provider: KycProvider, status: 'pending' | 'reviewed'): Promise<KycApplication[]> {
  return withDocuments(provider, await applicationRows(db, { status }));
}

/** One document of a check, as the provider keeps it (the console's staff-only route), or 404. */
export async function kycDocument(db: Db, provider: KycProvider, id: number, documentId: string) {
  const row = await db.selectFrom('kyc_applications').select('applicant_id').where('id', '=', id).executeTakeFirst();
  const document = row && (await provider.document(row.applicant_id, documentId));
  if (!document) throw notFound(KYC_MSG.documentNotFound);
  return document;
}

/**
 * The console's review: the reviewer and their note kept (audited `kyc.review`), the decision sent
 * to the provider, whose signed callback moves the check and the level (applyKycCallback).
 */
export async function reviewCheck(db: Db, provider: KycProvider, actor: Actor, id: number, review: { decision: 'approve' | 'reject'; note: string }): Promise<KycApplication> {
  const applicant = await db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('kyc_applications').set({ reviewed_by: actor.userId, note: review.note }).where('id', '=', id).where('status', '=', 'pending').returning(['applicant_id', 'user_id']).executeTakeFirst();
    if (!row) throw notFound(KYC_MSG.notWaiting);
    await audit(trx, actor, { action: 'kyc.review', targetKind: 'player', targetId: row.user_id, before: { status: 'pending' }, after: { decision: review.decision, note: review.note } });
    return row.applicant_id;
  });
  await provider.review(applicant, review.decision === 'approve');
  const [application] = await withDocuments(provider, await applicationRows(db, { id }));
  return application!;
}
