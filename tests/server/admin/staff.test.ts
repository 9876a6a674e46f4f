import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createPlayer, createTestApp } from '../../helpers/testApp.ts';
import { createStaff } from '../../helpers/staff.ts';
import { FORBIDDEN_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../../core/protocol/admin.ts';
import { staffCommand } from '../../../server/admin/staffCommand.ts';

// The console's gate (server/admin/guard.ts), role grants and the audit log (docs/operator-console.md).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('who may use the console', () => {
  it('answers 401 without a token, 403 to a player and to staff without a second factor, the role to staff with one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    const player = await createPlayer(app);
    const refused = await app.inject({ method: 'GET', url: '/api/admin/me', headers: player.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FORBIDDEN_MESSAGE, msg: FORBIDDEN_MESSAGE });
    const noCode = await createStaff(app, 'admin', { secondFactor: false });
    const noCodeAnswer = await app.inject({ method: 'GET', url: '/api/admin/me', headers: noCode.headers });
    expect(noCodeAnswer.statusCode).toBe(403);
    expect(noCodeAnswer.json().message).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
    const operator = await createStaff(app, 'operator');
    const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: operator.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: operator.id, role: 'operator' });
  });

  it('refuses a session that signed in before two-factor sign-in was turned on', async () => {
    const staff = await createStaff(app, 'admin');
    await app.db.updateTable('two_factor').set({ enabled_at: sql<Date>`now() + interval '1 minute'` }).where('user_id', '=', staff.id).execute();
    const answer = await app.inject({ method: 'GET', url: '/api/admin/me', headers: staff.headers });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
  });

  it('keeps admin-only routes from operators', async () => {
    const operator = await createStaff(app, 'operator');
    expect((await app.inject({ method: 'GET', url: '/api/admin/staff', headers: operator.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/staff', headers: operator.headers, payload: { user_id: operator.id, role: 'admin' } })).statusCode).toBe(403);
    expect((await app.db.selectFrom('staff_roles').select('role').where('user_id', '=', operator.id).executeTakeFirstOrThrow()).role).toBe('operator');
  });
});

describe('role grants and the audit log', () => {
  it('grants, changes and revokes a role, each with its audit row, and never one’s own', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app);
    const grant = (user_id: number, role: string | null) => app.inject({ method: 'POST', url: '/api/admin/staff', headers: { ...admin.headers, 'x-forwarded-for': '203.0.113.9' }, payload: { user_id, role } });
    expect((await grant(player.id, 'operator')).statusCode).toBe(200);
    expect((await grant(player.id, 'admin')).statusCode).toBe(200);
    expect((await grant(player.id, null)).statusCode).toBe(200);
    expect((await grant(admin.id, null)).statusCode).toBe(422);
    expect((await grant(999_999, 'operator')).statusCode).toBe(422);
    expect(await app.db.selectFrom('staff_roles').select('role').where('user_id', '=', player.id).executeTakeFirst()).toBeUndefined();
    const log = await app.inject({ method: 'GET', url: `/api/admin/audit?target_kind=player&target_id=${player.id}`, headers: admin.headers });
    expect(log.statusCode).toBe(200);
    const rows = log.json().data as Array<{ action: string; actor_id: number; before: unknown; after: unknown; address: string }>;
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.revoke', { role: 'admin' }, { role: null }],
      ['staff.grant', { role: 'operator' }, { role: 'admin' }],
      ['staff.grant', { role: null }, { role: 'operator' }],
    ]);
    expect(rows.every((r) => r.actor_id === admin.id && r.address.length > 0)).toBe(true);
    // The refusal of one's own role is audited like every refused duty (server/admin/duties.ts).
    const own = await app.inject({ method: 'GET', url: `/api/admin/audit?target_kind=player&target_id=${admin.id}`, headers: admin.headers });
    expect((own.json().data as Array<{ action: string; after: unknown }>).map((r) => [r.action, r.after])).toEqual([['refused.staff.revoke', { reason: 'You cannot change your own role.' }]]);
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    const admin = await createStaff(app, 'admin');
    const player = await createPlayer(app);
    await app.inject({ method: 'POST', url: '/api/admin/staff', headers: admin.headers, payload: { user_id: player.id, role: 'operator' } });
    await expect(app.db.updateTable('audit_log').set({ action: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(app.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('grants the first admin from the ops command, audited as the command', async () => {
    const player = await createPlayer(app);
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((line: string) => written.push(line) > 0) as typeof process.stdout.write;
    try {
      await staffCommand.run(app, { email: player.email, role: 'admin' }, ['grant']);
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('')).toContain('no role -> admin');
    const row = await app.db.selectFrom('audit_log').selectAll().where('target_id', '=', String(player.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: null, action: 'staff.grant', address: 'ops-command' });
    await expect(staffCommand.run(app, { email: player.email, role: 'owner' }, ['grant'])).rejects.toThrow(/--role/);
  });
});
