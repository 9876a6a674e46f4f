// scripts/i18nCatalogs.ts: one language's messages of every area, "<namespace>:<key>" → compiled message.
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
