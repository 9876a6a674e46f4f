import { z } from 'zod';
import { pagedSchema } from './paged.ts';

// The operator console's shared contract (docs/operator-console.md): who the signed-in staff member
// is, and the audit log every console change writes. Each console area keeps its own calls in its
// own file (adminCatalog.ts, adminPlayers.ts, …); what they share is here.

// A moderator runs the chat's moderation only (docs/community.md, "Chat"); an operator may do that too.
export const STAFF_ROLES = ['moderator', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An admin may do everything an operator may, and more (grant roles, change game settings). */
export function roleAtLeast(role: StaffRole | null, needed: StaffRole): boolean {
  if (role === null) return false;
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}

/** The body of a refused console call: a player, or staff without a signed-in second factor. */
export const FORBIDDEN_MESSAGE = 'This action is unauthorized.';
export const TWO_FACTOR_REQUIRED_MESSAGE = 'The console needs two-factor sign-in: turn it on under Security and sign in again with a code.';

/** GET /api/admin/me */
export const StaffMeSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_id: z.number().nullable(),
  /** The actor's name; "ops command" for a change made by `npm run ops`. */
  actor: z.string(),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pagedSchema(AuditEntrySchema);

export const AUDIT_PER_PAGE = 25;
export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Only changes of this kind of record (`box`, `player`, `promo_code`, …). */
  target_kind: z.string().trim().max(40).optional().or(z.literal('').transform(() => undefined)),
  target_id: z.string().trim().max(80).optional().or(z.literal('').transform(() => undefined)),
  actor_id: z.coerce.number().int().min(1).optional().or(z.literal('').transform(() => undefined)),
  /** Only actions starting with this (`box.` for every box change). */
  action: z.string().trim().max(60).optional().or(z.literal('').transform(() => undefined)),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** POST /api/admin/staff (admin only): grant or change a role; role null revokes. */
export const StaffGrantSchema = z.object({
  user_id: z.number().int().min(1),
  role: z.enum(STAFF_ROLES).nullable(),
});
export const StaffListSchema = z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string(), role: z.enum(STAFF_ROLES), granted_at: z.string() }));
