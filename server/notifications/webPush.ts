import { createECDH, createHmac } from 'node:crypto';
import webpush from 'web-push';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Log } from '../log.ts';
import type { Config } from '../config.ts';
import { rewardRestrictions } from '../responsible/playGate.ts';
import { NOTIFICATION_KINDS, notificationText, type NotificationKind, type PlayerNotification } from '../../core/protocol/notificationEvents.ts';
import { PUSH_BROWSERS_MAX, PUSH_MSG } from '../../core/protocol/push.ts';
import { fieldError } from '../http/errors.ts';

// Web push (docs/community.md, "Web push"): a notification is also sent to each browser the player
// subscribed for its kind, through the browser's push service, with the standard protocol (VAPID
// identification and an aes128gcm payload, RFC 8292 and 8291) built by the web-push library; this
// module sends the request itself (fetch), so a push service is reached like any other.
//
// The VAPID key pair is derived from APP_SECRET: every node and every restart sign with the same
// key, so subscriptions keep working without a key store.

/** What a player on a break is still sent: what is about their money and their requests, not play. */
const ON_BREAK = new Set<NotificationKind>(['support_reply', 'withdrawal_step']);
/** How long a push service may take to answer, and how long it keeps a push for an offline browser. */
const PUSH_TIMEOUT_MS = 5_000;
const PUSH_TTL_SECONDS = 24 * 3600;

const base64url = (b: Buffer) => b.toString('base64url');

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID key pair (P-256), derived from the app secret. */
export function vapidKeys(appSecret: string): VapidKeys {
  const privateKey = createHmac('sha256', appSecret).update('web push vapid key').digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: base64url(ecdh.getPublicKey()), privateKey: base64url(privateKey) };
}

/** Whether `endpoint` is at one of the configured push services (an origin, or `scheme://*.host` for its subdomains). */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(service);
    if (wildcard) return url.protocol === `${wildcard[1]}:` && url.host.endsWith(`.${wildcard[2]}`);
    return url.origin === service.replace(/\/$/, '');
  });
}

export interface PushDeps {
  db: Db;
  log: Log;
  keys: VapidKeys;
  /** The VAPID subject: how a push service reaches the shop's operator. */
  subject: string;
  services: readonly string[];
  now(): Date;
}

/** Sends `n` to the player's browsers subscribed for its kind; a subscription its push service says is gone is removed. Answers how many were sent. */
export async function pushNotification(deps: PushDeps, userId: number, n: PlayerNotification): Promise<number> {
  const subscriptions = await deps.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).where(sql<boolean>`${n.kind} = any(kinds)`).execute();
  if (subscriptions.length === 0) return 0;
  if (!ON_BREAK.has(n.kind) && (await rewardRestrictions(deps.db, userId, deps.now())).onBreak) return 0;
  const payload = JSON.stringify(notificationText(n));
  let sent = 0;
  for (const s of subscriptions) {
    // Checked again when sending: the list of services may have narrowed since it subscribed.
    if (!isPushService(s.endpoint, deps.services)) continue;
    const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
      vapidDetails: { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    try {
      const res = await fetch(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body === null ? undefined : new Uint8Array(request.body), redirect: 'error', signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
      if (res.status === 404 || res.status === 410) await deps.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
      else if (res.ok) sent += 1;
      else deps.log.warn({ status: res.status, subscription: s.id }, 'push service refused a push');
    } catch (error) {
      deps.log.warn({ err: error, subscription: s.id }, 'push failed');
    }
  }
  return sent;
}

/** The app's web push: its keys, its subject (the mail sender's address) and the push services it may reach. */
export function webPushDeps(config: Pick<Config, 'appSecret' | 'pushServices' | 'mail'>, db: Db, log: Log, clock: { now(): number }): PushDeps {
  const address = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
  return { db, log, keys: vapidKeys(config.appSecret), subject: `mailto:${address}`, services: config.pushServices, now: () => new Date(clock.now()) };
}

/** The player's subscribed browsers. */
export async function pushBrowsers(db: Db, userId: number): Promise<{ endpoint: string; kinds: NotificationKind[] }[]> {
  const rows = await db.selectFrom('push_subscriptions').select(['endpoint', 'kinds']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ endpoint: r.endpoint, kinds: r.kinds as NotificationKind[] }));
}

/**
 * Subscribes a browser of the player for `kinds` (again: its keys and kinds replaced). A browser is
 * its endpoint: one another account subscribed becomes this player's (the browser's last sign-in
 * decides). Beyond PUSH_BROWSERS_MAX the player's oldest browser is dropped.
 */
export async function subscribePush(db: Db, services: readonly string[], userId: number, s: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: NotificationKind[] }) {
  if (!isPushService(s.endpoint, services)) throw fieldError('endpoint', PUSH_MSG.service);
  const kinds = NOTIFICATION_KINDS.filter((k) => s.kinds.includes(k));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, kinds: sql<string[]>`${kinds}::text[]` })
      .onConflict((c) => c.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.keys.p256dh, auth: s.keys.auth, kinds: sql<string[]>`${kinds}::text[]` }))
      .execute();
    await sql`delete from push_subscriptions where user_id = ${userId} and id not in (select id from push_subscriptions where user_id = ${userId} order by id desc limit ${PUSH_BROWSERS_MAX})`.execute(trx);
  });
  return { endpoint: s.endpoint, kinds };
}

/** Forgets the player's browser at `endpoint` (another player's endpoint changes nothing). */
export async function unsubscribePush(db: Db, userId: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
  return pushBrowsers(db, userId);
}
