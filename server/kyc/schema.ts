import type { Generated } from 'kysely';

// Tables of migration 2520_kyc (docs/kyc.md).
export type KycLevel = 0 | 1 | 2;
export type KycApplicationStatus = 'started' | 'pending' | 'approved' | 'rejected';
export type KycDocumentKind = 'identity' | 'address';

export interface KycTables {
  kyc_profiles: {
    user_id: number;
    level: Generated<KycLevel>;
    full_name: string | null;
    /** YYYY-MM-DD. */
    birth_date: string | null;
    country: string | null;
    updated_at: Generated<Date>;
  };
  kyc_applications: {
    id: Generated<number>;
    user_id: number;
    provider: string;
    applicant_id: string;
    status: Generated<KycApplicationStatus>;
    note: string | null;
    created_at: Generated<Date>;
    submitted_at: Date | null;
    reviewed_at: Date | null;
    reviewed_by: number | null;
  };
  kyc_sandbox_documents: {
    id: Generated<number>;
    applicant_id: string;
    kind: KycDocumentKind;
    content_type: string;
    bytes: Buffer;
    created_at: Generated<Date>;
  };
}
