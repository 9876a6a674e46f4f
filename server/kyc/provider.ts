import type { IncomingHttpHeaders } from 'node:http';
import type { KycDocumentKind } from './schema.ts';

// The KYC provider's interface (docs/kyc.md): a hosted document check, as the industry's providers
// offer it. We open an applicant for a player and send them to the provider's upload page; the
// provider keeps the documents (private: only the console's staff-only route reads them back
// through the provider); it tells us through a signed callback when the documents are in
// (`applicantPending`) and when the review is decided (`applicantReviewed`, GREEN or RED). Our
// operators review in our console, and the decision is sent to the provider, whose callback then
// applies it: the level changes on the callback's path only, as a payment is credited only by its
// provider's callback.

export interface KycDocumentRef {
  id: string;
  kind: KycDocumentKind;
  content_type: string;
}

export type KycCallback = { type: 'applicantPending'; applicantId: string } | { type: 'applicantReviewed'; applicantId: string; reviewAnswer: 'GREEN' | 'RED' };

export interface KycProvider {
  name: string;
  /** Opens an applicant for the player; where to send them to upload their documents. */
  createApplicant(userId: number): Promise<{ applicantId: string; verifyUrl: string }>;
  /** Where an applicant uploads (again, for a check the player left before submitting). */
  verifyUrl(applicantId: string): string;
  documents(applicantId: string): Promise<KycDocumentRef[]>;
  document(applicantId: string, documentId: string): Promise<{ contentType: string; bytes: Buffer } | null>;
  /** The console's decision, sent to the provider (its callback applies it). */
  review(applicantId: string, approved: boolean): Promise<void>;
  /** Whether a callback's raw body carries the provider's signature. */
  verify(raw: Buffer, headers: IncomingHttpHeaders): boolean;
  /** A verified callback's event, or null for one we do not act on. */
  parse(raw: Buffer): KycCallback | null;
}
