// The notifications centre's live notice and wording (docs/community.md, "Notifications"), apart
// from core/protocol/notifications.ts so the shell's bell can listen without loading zod
// (docs/performance.md); the notice's name is in notificationNotice.ts, so the shell's first load
// carries no wording. The server stores a notification as its kind and data; what it says is
// worded here once, for the list and for anything else that shows one.

/** The credits a player is told of (the ledger's reasons); a credit the player asked for (a claim) is not news. */
export const NOTIFIED_CREDITS = {
  deposit: 'Deposit credited',
  tip_received: 'Tip received',
  rain_share: 'You caught the rain',
  race_prize: 'Race prize',
  leaderboard_prize: 'Weekly leaderboard prize',
  challenge_prize: 'Challenge prize',
  crypto_withdrawal_refund: 'Withdrawal returned',
  bonus_credit: 'Bonus from support',
  manual_adjustment: 'Credit from support',
} as const;
export type NotifiedCredit = keyof typeof NOTIFIED_CREDITS;

/** What each kind carries (amounts in coins). */
export interface NotificationData {
  credit: { reason: NotifiedCredit; amount: number };
  mention: { from: string; room: string; text: string };
  support_reply: { ticket_id: number; subject: string };
  withdrawal_step: { withdrawal_id: number; type: 'delivery' | 'crypto'; status_title: string };
  level_up: { level: number };
  /** A marker of harm the shop saw in the player's play (docs/risk.md, "Markers of harm"). */
  wellbeing: { marker: HarmMarker };
  /** The console's review of the player's identity documents (docs/kyc.md). */
  kyc: { approved: boolean };
}
export type NotificationKind = keyof NotificationData;
export const NOTIFICATION_KINDS = ['credit', 'mention', 'support_reply', 'withdrawal_step', 'level_up', 'wellbeing', 'kyc'] as const satisfies readonly NotificationKind[];

/** The markers of harm, each with the gentle line the player reads (docs/risk.md, "Markers of harm"). */
export const HARM_MESSAGES = {
  loss_chasing: 'Your stakes have been rising after losses.',
  deposit_spike: 'You deposited much more today than you usually do.',
  night_play: 'You have been playing late into the night.',
  limit_raises: 'You have raised or removed your limits several times lately.',
} as const;
export type HarmMarker = keyof typeof HARM_MESSAGES;

/** Each kind in a word, for the settings of what a browser is pushed (docs/community.md, "Web push"). */
export const NOTIFICATION_KIND_LABELS = {
  credit: 'Deposits, tips, rain and prizes',
  mention: 'Mentions in the chat',
  support_reply: 'Answers from support',
  withdrawal_step: 'Delivery and withdrawal steps',
  level_up: 'Level ups',
  wellbeing: 'A word about your play',
  kyc: 'Identity checks',
} as const satisfies Record<NotificationKind, string>;

export type PlayerNotification = {
  [K in NotificationKind]: { id: number; kind: K; data: NotificationData[K]; created_at: string; read: boolean };
}[NotificationKind];

/** The live notice (NOTIFICATION_EVENT): the new notification and the player's unread count after it. */
export interface NotificationNotice {
  notification: PlayerNotification;
  unread: number;
}

const coins = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A notification's title, line and the page it leads to (null: none). */
export function notificationText(n: PlayerNotification): { title: string; body: string; link: string | null } {
  switch (n.kind) {
    case 'credit':
      return { title: NOTIFIED_CREDITS[n.data.reason] ?? 'Credit', body: `+${coins(n.data.amount)} coins`, link: n.data.reason === 'deposit' ? '/profile/deposit' : '/profile/history' };
    case 'mention':
      return { title: `${n.data.from} mentioned you`, body: n.data.text, link: null };
    case 'support_reply':
      return { title: 'Support answered', body: n.data.subject, link: `/profile/support?ticket=${n.data.ticket_id}` };
    case 'withdrawal_step':
      return {
        title: n.data.type === 'delivery' ? `Delivery #${n.data.withdrawal_id}` : `Crypto withdrawal #${n.data.withdrawal_id}`,
        body: n.data.status_title,
        link: n.data.type === 'delivery' ? '/profile/shipping' : '/profile/withdraw',
      };
    case 'level_up':
      return { title: 'Level up', body: `You reached level ${n.data.level}`, link: '/profile/vip' };
    case 'wellbeing':
      return { title: 'A moment for you', body: `${HARM_MESSAGES[n.data.marker]} Limits and breaks are here whenever you want them.`, link: '/profile/limits' };
    case 'kyc':
      return n.data.approved
        ? { title: 'Identity verified', body: 'Your documents are approved: your withdrawals have no verification limit now.', link: '/profile/verification' }
        : { title: 'Identity check', body: 'Your documents could not be approved. See why and upload them again.', link: '/profile/verification' };
  }
}
