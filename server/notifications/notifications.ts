import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx, Movement } from '../wallet/wallet.ts';
import type { Bus } from '../realtime/bus.ts';
import { userChannel } from '../realtime/bus.ts';
import type { Log } from '../log.ts';
import { repeatEvery } from '../repeat.ts';
import { pushNotification, type PushDeps } from './webPush.ts';
import { claimUnnotified } from '../db/claimUnnotified.ts';
import { fieldError } from '../http/errors.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { NOTIFICATIONS_LISTED } from '../../core/protocol/notifications.ts';
import { NOTIFIED_CREDITS, type NotificationData, type NotificationKind, type NotificationNotice, type PlayerNotification } from '../../core/protocol/notificationEvents.ts';
import { NOTIFICATION_EVENT } from '../../core/protocol/notificationNotice.ts';

// The notifications centre (docs/community.md, "Notifications"): what a player is told, kept as a
// list they read and mark read, and sent live on their private channel. Each notification is
// written where what it tells is written (in its transaction, or by the claim of a notifier that
// already tells once), under a key naming its source, so it exists once; a node then claims the
// unpublished ones and publishes each once (server/db/claimUnnotified.ts), so a notification
// written by `npm run ops` or by another node arrives live as well.

/** Writes a notification for `userId` (nothing when one of this kind and key exists). */
export async function notify<K extends NotificationKind>(db: Db | Trx, userId: number, kind: K, key: string, data: NotificationData[K]): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: userId, kind, key, data: JSON.stringify(data) })
    .onConflict((c) => c.constraint('notifications_once').doNothing())
    .execute();
}

/** The wallet's credit note (server/services.ts): a credit that is news to the player, in its transaction. */
export async function noteCredit(trx: Trx, m: Movement, transferId: string): Promise<void> {
  if (!Object.hasOwn(NOTIFIED_CREDITS, m.reason)) return;
  await notify(trx, m.userId, 'credit', transferId, { reason: m.reason as keyof typeof NOTIFIED_CREDITS, amount: centsToCoins(m.amount) });
}

interface Row {
  id: number | string;
  user_id: number | string;
  kind: string;
  data: unknown;
  created_at: Date | string;
  read_at: Date | string | null;
}

const wire = (r: Row): PlayerNotification => ({ id: Number(r.id), kind: r.kind, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data, created_at: new Date(r.created_at).toISOString(), read: r.read_at !== null }) as PlayerNotification;

async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The player's newest notifications and how many are unread. */
export async function listNotifications(db: Db, userId: number): Promise<{ items: PlayerNotification[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.selectFrom('notifications').select(['id', 'user_id', 'kind', 'data', 'created_at', 'read_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(NOTIFICATIONS_LISTED).execute(),
    unreadCount(db, userId),
  ]);
  return { items: rows.map(wire), unread };
}

/** The refusal of ids that are not all the player's (another's and a missing one alike: no existence oracle). */
export const NOT_YOUR_NOTIFICATIONS = 'These notifications were not found.';

/** Marks the player's notifications `ids` read (all of them without ids); an id that is not theirs refuses all (422). */
export async function markRead(db: Db, userId: number, ids: number[] | undefined): Promise<{ items: PlayerNotification[]; unread: number }> {
  let update = db.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) {
    const unique = [...new Set(ids)];
    const owned = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('id', 'in', unique).executeTakeFirstOrThrow();
    if (Number(owned.n) !== unique.length) throw fieldError('ids', NOT_YOUR_NOTIFICATIONS);
    update = update.where('id', 'in', unique);
  }
  await update.execute();
  return listNotifications(db, userId);
}

export interface DeliveryDeps {
  db: Db;
  bus: Bus;
  log: Log;
  /** Web push to the players' subscribed browsers (server/notifications/webPush.ts). */
  push?: PushDeps;
}

/**
 * Claims the notifications not yet published and publishes each on its player's channel, with their
 * unread count; then pushes each to the player's subscribed browsers without waiting (a push service
 * that is slow to answer holds no live notice): `pushed` settles with how many went out.
 */
export async function deliverNotifications(deps: DeliveryDeps, limit = 100): Promise<{ published: number; pushed: Promise<number> }> {
  const ids = await claimUnnotified<number | string>(deps.db, 'notifications', 'id', limit);
  if (ids.length === 0) return { published: 0, pushed: Promise.resolve(0) };
  const { rows } = await sql<Row & { unread: string }>`
    select n.id, n.user_id, n.kind, n.data, n.created_at, n.read_at,
      (select count(*) from notifications u where u.user_id = n.user_id and u.read_at is null and u.id <= n.id) as unread
    from notifications n where n.id in (${sql.join(ids.map(Number))}) order by n.id`.execute(deps.db);
  for (const row of rows) {
    const notice: NotificationNotice = { notification: wire(row), unread: Number(row.unread) };
    deps.bus.publish({ channel: userChannel(Number(row.user_id)), event: NOTIFICATION_EVENT, data: notice });
  }
  const { push, log } = deps;
  const pushed = push
    ? Promise.all(rows.map((row) => pushNotification(push, Number(row.user_id), wire(row)))).then(
        (sent) => sent.reduce((a, b) => a + b, 0),
        (error: unknown) => {
          log.error({ err: error }, 'notification push failed');
          return 0;
        },
      )
    : Promise.resolve(0);
  return { published: rows.length, pushed };
}

/** Runs deliverNotifications every `intervalMs`; answers what stops it. */
export function runNotificationDelivery(deps: DeliveryDeps, intervalMs: number): () => void {
  return repeatEvery(() => deliverNotifications(deps), intervalMs, deps.log, 'notification delivery');
}
