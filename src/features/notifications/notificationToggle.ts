/** Marks the header's bell: a click on it toggles the panel rather than closing it as a click outside. */
export const NOTIFICATIONS_TOGGLE = 'data-notifications-toggle';
