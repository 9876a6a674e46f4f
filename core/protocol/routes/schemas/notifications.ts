import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as notificationsProtocol from '../../notifications.ts';

// The contracts of core/protocol/routes/notifications.ts's routes, under the same names.

const signedIn = { 401: errorSchemasProtocol.MessageAnswerSchema };
export const notifications = { answer: notificationsProtocol.NotificationsAnswerSchema, others: signedIn } satisfies RouteSchemas;
export const notificationsRead = {
  body: notificationsProtocol.NotificationsReadSchema,
  answer: notificationsProtocol.NotificationsAnswerSchema,
  others: { ...signedIn, 422: errorSchemasProtocol.ValidationAnswerSchema },
} satisfies RouteSchemas;
