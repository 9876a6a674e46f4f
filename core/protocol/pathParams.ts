import { z } from 'zod';

// The path parameters of the route table's addresses (core/protocol/routes/), each as its routes
// always took it: the bounds and the refusal texts are part of the answers (a 404's or 422's
// message), so two that differ stay two.

/**
 * A row's number written canonically — no leading zero, sign, space or decimal, at most 16 digits —
 * so that one text is exactly one row (path parameters here, a private channel's name: server/realtime/bus.ts).
 */
export const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/** `:id` of a player's own row (an inventory item, a withdrawal). */
export const IdParams = z.object({ id: z.coerce.number().int().positive() });
/** `:id` of a row the console acts on (a code, a withdrawal, a code review, an adjustment). */
export const RowIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** `:id` of a battle. */
export const BattleIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** `:id` of a bonus box (digits only, else not found by the route). */
export const BonusBoxParams = z.object({ id: z.string().regex(CANONICAL_ID).transform(Number) });
/** `:slug` of a box, a free box or a player-made box. */
export const SlugParams = z.object({ slug: z.string().min(1).max(100) });
/** `:slug` of a box whose drops are listed. */
export const DropsBoxParams = z.object({ slug: z.string().min(1).max(200) });

export const TICKET_NOT_FOUND = 'Ticket not found.';
/** `:id` of a support ticket: anything but a ticket's number is the ticket not found. */
export const TicketParams = z.object({ id: z.string().regex(CANONICAL_ID, { error: TICKET_NOT_FOUND }).transform(Number) });

export const PLAYER_NOT_FOUND = 'Player not found.';
/** `:id` of a player in the console: anything but a player's number is the player not found. */
export const PlayerParams = z.object({ id: z.string().regex(CANONICAL_ID, { error: PLAYER_NOT_FOUND }).transform(Number) });

/** `:id` of one of the player's sessions. */
export const SessionParams = z.object({ id: z.uuid() });
/** `:code` of an invitation link. */
export const InvitationCodeParams = z.object({ code: z.string().max(100) });
/** `:invoiceId` of a sandbox checkout. */
export const InvoiceParams = z.object({ invoiceId: z.coerce.number().int().positive() });
/** `:address` of a sandbox crypto deposit. */
export const DepositAddressParams = z.object({ address: z.string().min(1).max(200) });
