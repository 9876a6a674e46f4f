import { route } from '../route.ts';
import type * as contract from './schemas/kyc.ts';

// KYC tiers (docs/kyc.md): the player's level and details, the start of a document check, the
// sandbox provider's upload page's calls, and the console's review queue.

export const kycStatus = route<typeof contract.kycStatus>()('GET', '/api/profile/kyc');
export const kycDetails = route<typeof contract.kycDetails>()('PUT', '/api/profile/kyc/details');
export const kycStart = route<typeof contract.kycStart>()('POST', '/api/profile/kyc/start');
export const sandboxKyc = route<typeof contract.sandboxKyc>()('GET', '/api/sandbox/kyc/:applicantId');
export const sandboxKycUpload = route<typeof contract.sandboxKycUpload>()('POST', '/api/sandbox/kyc/:applicantId/documents');
export const sandboxKycSubmit = route<typeof contract.sandboxKycSubmit>()('POST', '/api/sandbox/kyc/:applicantId/submit');
export const adminKycQueue = route<typeof contract.adminKycQueue>()('GET', '/api/admin/kyc');
export const adminKycDocument = route<typeof contract.adminKycDocument>()('GET', '/api/admin/kyc/:id/documents/:documentId');
export const adminKycReview = route<typeof contract.adminKycReview>()('POST', '/api/admin/kyc/:id/review');
