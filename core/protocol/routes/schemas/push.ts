import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as pushProtocol from '../../push.ts';

// The contracts of core/protocol/routes/push.ts's routes, under the same names.

const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
const refused = { ...signedIn, 422: errorSchemasProtocol.ValidationAnswerSchema };
export const pushKey = { answer: pushProtocol.PushKeyAnswerSchema } satisfies RouteSchemas;
export const pushSubscriptions = { answer: pushProtocol.PushBrowsersAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const pushSubscribe = { body: pushProtocol.PushSubscriptionSchema, answer: pushProtocol.PushBrowserAnswerSchema, others: refused } satisfies RouteSchemas;
export const pushUnsubscribe = { body: pushProtocol.PushEndpointSchema, answer: pushProtocol.PushBrowsersAnswerSchema, others: refused } satisfies RouteSchemas;
