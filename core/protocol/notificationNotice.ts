// The name of the notifications centre's live notice, apart from its wording and types
// (core/protocol/notificationEvents.ts): the shell binds it on every page, and a bundle keeps a module
// whole, so importing the name from there put every notification's wording in every page's first
// load (docs/performance.md, "Budgets"). The notice's shape is NotificationNotice, there.

/** The live notice on `private-users.{id}` when a notification is written for the player. */
export const NOTIFICATION_EVENT = 'notification';
