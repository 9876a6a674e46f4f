import { z } from 'zod';
import { formatCents } from '../money/cents.ts';
import { CANONICAL_ID } from './pathParams.ts';

// KYC tiers (docs/kyc.md): what a player's verification level lets them withdraw, their personal
// details, the document check at the KYC provider and the console's review of it.
//   GET  /api/profile/kyc                  → {data: KycStatus}
//   PUT  /api/profile/kyc/details {full_name, birth_date, country} → {msg, data: KycStatus}
//   POST /api/profile/kyc/start            → {data: {redirect_url}} (the provider's upload page)
//   GET  /api/sandbox/kyc/:applicantId     → {data: SandboxApplicant} (the sandbox provider's page)
//   POST /api/sandbox/kyc/:applicantId/documents {kind, content_type, data} → {data: SandboxApplicant}
//   POST /api/sandbox/kyc/:applicantId/submit → {msg} (the provider's signed callback then queues it)
//   GET  /api/admin/kyc?status=pending|reviewed → {data: KycApplication[]}
//   GET  /api/admin/kyc/:id/documents/:documentId → the document's bytes (staff only)
//   POST /api/admin/kyc/:id/review {decision, note} → {message, data: KycApplication} (audited `kyc.review`)

export const KYC_LEVELS = [0, 1, 2] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];

/** How far back the withdrawals a level allows are counted. */
export const KYC_WINDOW_DAYS = 30;

/**
 * What each level may withdraw in KYC_WINDOW_DAYS days, crypto coins and delivered items' value
 * together (cents; null: no limit). Level 1 is the personal details, level 2 the documents approved.
 */
export const KYC_WITHDRAWAL_LIMITS: Record<KycLevel, number | null> = { 0: 100_000, 1: 500_000, 2: null };

export const KYC_LEVEL_TITLES: Record<KycLevel, string> = {
  0: 'Not verified',
  1: 'Verified: level 1',
  2: 'Verified: level 2',
};

/** The refusal of a withdrawal over the level's limit: what to do next, and the limit it passed. */
export function kycLimitText(level: KycLevel, limitCents: number): string {
  const step = level === 0 ? 'Add your personal details (verification level 1)' : 'Verify your identity (verification level 2)';
  return `${step} to withdraw more than ${formatCents(limitCents)} coins in ${KYC_WINDOW_DAYS} days.`;
}

export const KYC_MSG = {
  detailsSaved: 'Your details are saved.',
  detailsLocked: 'Your identity is verified: ask support to change your details.',
  detailsFirst: 'Add your personal details first.',
  verified: 'Your identity is already verified.',
  inReview: 'Your documents are being reviewed.',
  unavailable: 'Identity checks are not available right now.',
  submitted: 'Documents submitted for review.',
  bothDocuments: 'Upload an identity document and a proof of address first.',
  notWaiting: 'This check is not waiting for a review.',
  applicantNotFound: 'Verification not found.',
  documentNotFound: 'Document not found.',
  reviewed: 'Review saved.',
} as const;

/** ISO 3166-1 alpha-2 codes the details accept (the page names them in the player's language). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The youngest a player may be (years), as the terms of service say. */
export const KYC_MIN_AGE = 18;

/** Whether `date` (YYYY-MM-DD) is a real day on which someone born is at least KYC_MIN_AGE at `now`. */
export function adultBornOn(date: string, now = new Date()): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d || y < 1900) return false;
  const adultFrom = new Date(Date.UTC(y + KYC_MIN_AGE, m - 1, d));
  return adultFrom <= now;
}

export const KycDetailsSchema = z.object({
  full_name: z.string().trim().min(3, { message: 'Enter your full name as on your identity document.' }).max(100),
  birth_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter your date of birth.' })
    .refine((d) => adultBornOn(d), { message: `You must be at least ${KYC_MIN_AGE} years old.` }),
  country: z.enum(COUNTRY_CODES as [string, ...string[]], { message: 'Choose your country of residence.' }),
});
export type KycDetails = z.infer<typeof KycDetailsSchema>;

export const KYC_APPLICATION_STATUSES = ['started', 'pending', 'approved', 'rejected'] as const;

export const KycStatusSchema = z.object({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** What the level allows in KYC_WINDOW_DAYS days (coins); null: no limit. */
  limit: z.number().nullable(),
  /** Withdrawn in those days (coins): crypto and delivered items, canceled ones not counted. */
  used: z.number(),
  details: KycDetailsSchema.nullable(),
  /** The latest document check, if any (its note: the console's reason for a rejection). */
  application: z.object({ status: z.enum(KYC_APPLICATION_STATUSES), note: z.string().nullable(), submitted_at: z.string().nullable() }).nullable(),
});
export type KycStatus = z.infer<typeof KycStatusSchema>;
export const KycStatusAnswerSchema = z.object({ data: KycStatusSchema });
export const KycDetailsSavedSchema = z.object({ msg: z.string(), data: KycStatusSchema });
export const KycStartAnswerSchema = z.object({ data: z.object({ redirect_url: z.string() }) });

export const KYC_DOCUMENT_KINDS = ['identity', 'address'] as const;
export const KYC_DOCUMENT_TITLES: Record<(typeof KYC_DOCUMENT_KINDS)[number], string> = {
  identity: 'Identity document (passport, ID card or driving licence)',
  address: 'Proof of address (a utility bill or bank statement of the last 3 months)',
};
export const KYC_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/** The largest document the sandbox provider takes (bytes; its base64 fits the API's 1 MiB body). */
export const KYC_MAX_DOCUMENT_BYTES = 512 * 1024;

export const SandboxKycParams = z.object({ applicantId: z.string().regex(/^[0-9a-f]{24}$/, { error: KYC_MSG.applicantNotFound }) });
export const SandboxKycUploadSchema = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS),
  content_type: z.enum(KYC_CONTENT_TYPES, { message: 'Upload a PNG or JPEG picture or a PDF.' }),
  /** The file, base64. */
  data: z
    .string()
    .max(Math.ceil(KYC_MAX_DOCUMENT_BYTES / 3) * 4, { message: 'The file is larger than 512 KB.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'The file could not be read.' }),
});
export const SandboxApplicantSchema = z.object({
  applicant_id: z.string(),
  status: z.enum(KYC_APPLICATION_STATUSES),
  documents: z.array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), content_type: z.string() })),
});
export const SandboxApplicantAnswerSchema = z.object({ data: SandboxApplicantSchema });

export const KycApplicationSchema = z.object({
  id: z.number().int(),
  player: z.object({ id: z.number().int(), name: z.string() }),
  level: z.number().int(),
  details: KycDetailsSchema.nullable(),
  status: z.enum(KYC_APPLICATION_STATUSES),
  note: z.string().nullable(),
  documents: z.array(z.object({ id: z.string(), kind: z.enum(KYC_DOCUMENT_KINDS), content_type: z.string() })),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type KycApplication = z.infer<typeof KycApplicationSchema>;
export const KycQueueQuerySchema = z.object({ status: z.enum(['pending', 'reviewed']).default('pending') });
export const KycQueueAnswerSchema = z.object({ data: z.array(KycApplicationSchema) });
export const KycDocumentParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), documentId: z.string().regex(CANONICAL_ID, { error: KYC_MSG.documentNotFound }) });
export const KycReviewSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().min(3, { message: 'Say in a few words what was checked.' }).max(500),
});
export const KycReviewedSchema = z.object({ message: z.string(), data: KycApplicationSchema });
