import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../db/database.ts';
import { hmacHex, safeEqualHex, headerValue } from '../payments/signing.ts';
import { parseJsonObject } from '../payments/rawBody.ts';
import type { KycCallback, KycProvider } from './provider.ts';
import type { KycDocumentKind } from './schema.ts';

// The sandbox KYC provider (docs/kyc.md, "Sandbox"), standing in for a real one as the payment
// sandbox does: its upload page is our /sandbox/kyc/{applicantId}, its document store the private
// table kyc_sandbox_documents, and its callbacks are shaped like a hosted provider's (a JSON event
// with the applicant and the review answer) and signed with HMAC-SHA256 under APP_SECRET in
// X-Payload-Digest, posted to /api/kyc/sandbox/callback through the full HTTP pipeline.

export const KYC_SIGNATURE_HEADER = 'x-payload-digest';
export const KYC_CALLBACK_PATH = '/api/kyc/sandbox/callback';

/** Posts a signed callback to our own callback route; answers its status code. */
export type DeliverCallback = (raw: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxKyc extends KycProvider {
  /** The upload page's calls (server/routes/api/kyc.ts): keeps a document, replacing one of its kind. */
  upload(applicantId: string, kind: KycDocumentKind, contentType: string, bytes: Buffer): Promise<void>;
  /** The upload page's "Submit": the provider tells us the documents are in. */
  submit(applicantId: string): Promise<void>;
}

/** A callback body signed as the sandbox signs it. */
export function signedKycCallback(appSecret: string, event: KycCallback): { raw: string; headers: Record<string, string> } {
  const raw = JSON.stringify(event);
  return { raw, headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: hmacHex('sha256', appSecret, raw) } };
}

export function createSandboxKyc(db: Db, appSecret: string, deliver: DeliverCallback): SandboxKyc {
  async function send(event: KycCallback): Promise<void> {
    const signed = signedKycCallback(appSecret, event);
    const status = await deliver(signed.raw, signed.headers);
    if (status !== 200) throw new Error(`the KYC callback was answered ${status}`);
  }
  return {
    name: 'sandbox',
    async createApplicant() {
      const applicantId = randomBytes(12).toString('hex');
      return { applicantId, verifyUrl: this.verifyUrl(applicantId) };
    },
    verifyUrl: (applicantId) => `/sandbox/kyc/${applicantId}`,
    async documents(applicantId) {
      const rows = await db.selectFrom('kyc_sandbox_documents').select(['id', 'kind', 'content_type']).where('applicant_id', '=', applicantId).orderBy('id').execute();
      return rows.map((r) => ({ id: String(r.id), kind: r.kind, content_type: r.content_type }));
    },
    async document(applicantId, documentId) {
      const row = await db.selectFrom('kyc_sandbox_documents').select(['content_type', 'bytes']).where('applicant_id', '=', applicantId).where('id', '=', Number(documentId)).executeTakeFirst();
      return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
    },
    async upload(applicantId, kind, contentType, bytes) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('kyc_sandbox_documents').where('applicant_id', '=', applicantId).where('kind', '=', kind).execute();
        await trx.insertInto('kyc_sandbox_documents').values({ applicant_id: applicantId, kind, content_type: contentType, bytes }).execute();
      });
    },
    submit: (applicantId) => send({ type: 'applicantPending', applicantId }),
    review: (applicantId, approved) => send({ type: 'applicantReviewed', applicantId, reviewAnswer: approved ? 'GREEN' : 'RED' }),
    verify(raw: Buffer, headers: IncomingHttpHeaders) {
      return safeEqualHex(hmacHex('sha256', appSecret, raw), headerValue(headers[KYC_SIGNATURE_HEADER]));
    },
    parse(raw) {
      const body = parseJsonObject(raw);
      if (!body || typeof body.applicantId !== 'string') return null;
      if (body.type === 'applicantPending') return { type: 'applicantPending', applicantId: body.applicantId };
      if (body.type === 'applicantReviewed' && (body.reviewAnswer === 'GREEN' || body.reviewAnswer === 'RED')) return { type: 'applicantReviewed', applicantId: body.applicantId, reviewAnswer: body.reviewAnswer };
      return null;
    },
  };
}
