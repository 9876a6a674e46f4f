import type { RouteSchemas } from '../../route.ts';
import * as kycProtocol from '../../kyc.ts';
import * as authProtocol from '../../auth.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import { fileAnswer } from '../../fileAnswer.ts';

// The contracts of core/protocol/routes/kyc.ts's routes, under the same names.

// A 422 is not declared: the refusals' {message, msg} and validation's {message, errors} both answer it.
const refused = { 403: errorSchemasProtocol.MsgRefusalSchema, 404: errorSchemasProtocol.MsgRefusalSchema, 409: errorSchemasProtocol.MsgRefusalSchema };

export const kycStatus = { answer: kycProtocol.KycStatusAnswerSchema } satisfies RouteSchemas;
export const kycDetails = { body: kycProtocol.KycDetailsSchema, answer: kycProtocol.KycDetailsSavedSchema, others: { 409: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const kycStart = { answer: kycProtocol.KycStartAnswerSchema, others: { 409: errorSchemasProtocol.MsgRefusalSchema, 503: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const sandboxKyc = { params: kycProtocol.SandboxKycParams, answer: kycProtocol.SandboxApplicantAnswerSchema, others: refused } satisfies RouteSchemas;
export const sandboxKycUpload = { params: kycProtocol.SandboxKycParams, body: kycProtocol.SandboxKycUploadSchema, answer: kycProtocol.SandboxApplicantAnswerSchema, others: refused } satisfies RouteSchemas;
export const sandboxKycSubmit = { params: kycProtocol.SandboxKycParams, answer: authProtocol.MsgResponseSchema, others: refused } satisfies RouteSchemas;
export const adminKycQueue = { query: kycProtocol.KycQueueQuerySchema, answer: kycProtocol.KycQueueAnswerSchema } satisfies RouteSchemas;
export const adminKycDocument = {
  params: kycProtocol.KycDocumentParams,
  answer: fileAnswer('application/octet-stream', "A document the player uploaded, as the KYC provider keeps it (its own content type: PNG, JPEG or PDF); staff only, never cached."),
  others: { 404: errorSchemasProtocol.MsgRefusalSchema },
} satisfies RouteSchemas;
export const adminKycReview = { params: pathParamsProtocol.RowIdParams, body: kycProtocol.KycReviewSchema, answer: kycProtocol.KycReviewedSchema, others: { 404: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
