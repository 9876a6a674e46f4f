import { route } from '../route.ts';
import type * as contract from './schemas/chat.ts';

// The chat routes (docs/community.md, "Chat"): a room, posting, reports and ignores for players; the
// console's moderation (role moderator) and settings (role admin).

export const chatRoom = route<typeof contract.chatRoom>()('GET', '/api/chat/:room');
export const chatPost = route<typeof contract.chatPost>()('POST', '/api/chat/:room/messages');
export const chatReport = route<typeof contract.chatReport>()('POST', '/api/chat/messages/:id/report');
export const chatIgnores = route<typeof contract.chatIgnores>()('GET', '/api/chat-ignores');
export const chatIgnore = route<typeof contract.chatIgnore>()('POST', '/api/chat-ignores');
export const adminChatReports = route<typeof contract.adminChatReports>()('GET', '/api/admin/chat/reports');
export const adminChatRoom = route<typeof contract.adminChatRoom>()('GET', '/api/admin/chat/rooms/:room');
export const adminChatReportDismiss = route<typeof contract.adminChatReportDismiss>()('POST', '/api/admin/chat/reports/:id/dismiss');
export const adminChatDelete = route<typeof contract.adminChatDelete>()('DELETE', '/api/admin/chat/messages/:id');
export const adminChatMute = route<typeof contract.adminChatMute>()('POST', '/api/admin/chat/players/:id/mute');
export const adminChatUnmute = route<typeof contract.adminChatUnmute>()('DELETE', '/api/admin/chat/players/:id/mute');
export const adminChatBan = route<typeof contract.adminChatBan>()('PUT', '/api/admin/chat/players/:id/ban');
export const adminChatClear = route<typeof contract.adminChatClear>()('POST', '/api/admin/chat/players/:id/clear');
export const adminChatSlowMode = route<typeof contract.adminChatSlowMode>()('PUT', '/api/admin/chat/rooms/:room/slow-mode');
export const adminChatSwitch = route<typeof contract.adminChatSwitch>()('PUT', '/api/admin/chat/switch');
export const adminChatSettings = route<typeof contract.adminChatSettings>()('GET', '/api/admin/chat/settings');
export const adminChatSettingsSet = route<typeof contract.adminChatSettingsSet>()('PUT', '/api/admin/chat/settings');
export const chatTip = route<typeof contract.chatTip>()('POST', '/api/chat/tips');
export const adminTipSettings = route<typeof contract.adminTipSettings>()('GET', '/api/admin/chat/tip-settings');
export const adminTipSettingsSet = route<typeof contract.adminTipSettingsSet>()('PUT', '/api/admin/chat/tip-settings');
export const chatRain = route<typeof contract.chatRain>()('GET', '/api/chat-rain');
export const chatRainJoin = route<typeof contract.chatRainJoin>()('POST', '/api/chat-rain/join');
export const adminRainSettings = route<typeof contract.adminRainSettings>()('GET', '/api/admin/chat/rain-settings');
export const adminRainSettingsSet = route<typeof contract.adminRainSettingsSet>()('PUT', '/api/admin/chat/rain-settings');
export const chatRainTip = route<typeof contract.chatRainTip>()('POST', '/api/chat-rain/tip');
