import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as chatProtocol from '../../chat.ts';
import * as tipsProtocol from '../../tips.ts';
import * as rainProtocol from '../../rain.ts';

// The contracts of core/protocol/routes/chat.ts's routes, under the same names.

const refusals = { 403: errorSchemasProtocol.MsgRefusalSchema, 404: errorSchemasProtocol.MsgRefusalSchema, 422: errorSchemasProtocol.ValidationAnswerSchema };

export const chatRoom = { params: chatProtocol.ChatRoomParamsSchema, answer: chatProtocol.ChatRoomAnswerSchema, others: refusals } satisfies RouteSchemas;
export const chatPost = { params: chatProtocol.ChatRoomParamsSchema, body: chatProtocol.ChatPostSchema, answer: chatProtocol.ChatPostedSchema, others: { ...refusals, 429: errorSchemasProtocol.MsgRefusalSchema } } satisfies RouteSchemas;
export const chatReport = { params: chatProtocol.ChatIdParamsSchema, body: chatProtocol.ChatReportSchema, answer: chatProtocol.ChatMessageAnswerSchema, others: refusals } satisfies RouteSchemas;
export const chatIgnores = { answer: chatProtocol.ChatIgnoresAnswerSchema } satisfies RouteSchemas;
export const chatIgnore = { body: chatProtocol.ChatIgnoreSchema, answer: chatProtocol.ChatIgnoresAnswerSchema, others: refusals } satisfies RouteSchemas;
export const adminChatReports = { answer: chatProtocol.ChatReportsAnswerSchema } satisfies RouteSchemas;
export const adminChatRoom = { params: chatProtocol.ChatRoomParamsSchema, answer: chatProtocol.ChatConsoleRoomAnswerSchema, others: refusals } satisfies RouteSchemas;
export const adminChatReportDismiss = { params: chatProtocol.ChatIdParamsSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatDelete = { params: chatProtocol.ChatIdParamsSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatMute = { params: chatProtocol.ChatIdParamsSchema, body: chatProtocol.ChatMuteSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatUnmute = { params: chatProtocol.ChatIdParamsSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatBan = { params: chatProtocol.ChatIdParamsSchema, body: chatProtocol.ChatBanSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatClear = { params: chatProtocol.ChatIdParamsSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatSlowMode = { params: chatProtocol.ChatRoomParamsSchema, body: chatProtocol.ChatSlowModeSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatSwitch = { body: chatProtocol.ChatSwitchSchema, answer: chatProtocol.ChatModeratedSchema, others: refusals } satisfies RouteSchemas;
export const adminChatSettings = { answer: chatProtocol.ChatSettingsAnswerSchema } satisfies RouteSchemas;
export const adminChatSettingsSet = { body: chatProtocol.ChatSettingsSchema, answer: chatProtocol.ChatSettingsAnswerSchema, others: refusals } satisfies RouteSchemas;
export const chatTip = { body: tipsProtocol.TipRequestSchema, answer: tipsProtocol.TipAnswerSchema, others: refusals } satisfies RouteSchemas;
export const adminTipSettings = { answer: tipsProtocol.TipSettingsAnswerSchema } satisfies RouteSchemas;
export const adminTipSettingsSet = { body: tipsProtocol.TipSettingsSchema, answer: tipsProtocol.TipSettingsAnswerSchema, others: refusals } satisfies RouteSchemas;
export const chatRain = { answer: rainProtocol.RainStateAnswerSchema } satisfies RouteSchemas;
export const chatRainJoin = { body: rainProtocol.RainJoinSchema, answer: rainProtocol.RainJoinedSchema, others: refusals } satisfies RouteSchemas;
export const adminRainSettings = { answer: rainProtocol.RainSettingsAnswerSchema } satisfies RouteSchemas;
export const adminRainSettingsSet = { body: rainProtocol.RainSettingsSchema, answer: rainProtocol.RainSettingsAnswerSchema, others: refusals } satisfies RouteSchemas;
export const chatRainTip = { body: rainProtocol.RainTipSchema, answer: rainProtocol.RainTippedSchema, others: refusals } satisfies RouteSchemas;
