import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createTestServices, type TestServices } from '../../helpers/testServices.ts';
import { createPlayer } from '../../helpers/testApp.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { createMemoryRateLimiter } from '../../../server/security/rateLimit.ts';
import { checkCode, confirmEnrolment, disableTwoFactor, recoveryCodesLeft, requireSecondFactor, startEnrolment, twoFactorEnabled, type TwoFactorDeps } from '../../../server/accounts/twoFactor.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { TWO_FACTOR_MESSAGES } from '../../../core/protocol/accountSecurity.ts';

// TOTP (RFC 6238) on an injected clock: the accepted window, a code's single use, recovery codes'
// single use and the throttle on attempts.

let services: TestServices;
const clock = manualClock(Date.UTC(2026, 5, 1, 12, 0, 0));
let limiterNow = clock.now();
const deps = (): TwoFactorDeps => ({
  db: services.db,
  clock,
  limiter: createMemoryRateLimiter(() => limiterNow),
  appSecret: 'test-secret',
  throttle: { limit: 5, windowSeconds: 60 },
});
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

async function enrolled(d: TwoFactorDeps) {
  const player = await createPlayer(services);
  const setup = (await startEnrolment(d, { id: player.id, email: player.email }))!;
  const codes = await confirmEnrolment(d, player.id, await codeAt(setup.secret, clock.now()));
  return { player, secret: setup.secret, codes };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe('two-factor sign-in (TOTP)', () => {
  it('enrols: the URI and QR carry the secret, the secret is stored sealed, a code enables it and ten recovery codes come back', async () => {
    const d = deps();
    const player = await createPlayer(services);
    const setup = (await startEnrolment(d, { id: player.id, email: player.email }))!;
    expect(setup.uri).toMatch(new RegExp(`^otpauth://totp/.*secret=${setup.secret}`));
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await services.db.selectFrom('two_factor').select('secret').where('user_id', '=', player.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(setup.secret);
    expect(await twoFactorEnabled(services.db, player.id)).toBe(false);
    // A wrong code changes nothing.
    expect((await refusal(confirmEnrolment(d, player.id, '000000'))).body).toEqual({ message: TWO_FACTOR_MESSAGES.codeInvalid, errors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] } });
    expect(await twoFactorEnabled(services.db, player.id)).toBe(false);
    const codes = await confirmEnrolment(d, player.id, await codeAt(setup.secret, clock.now()));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoFactorEnabled(services.db, player.id)).toBe(true);
    expect(await recoveryCodesLeft(services.db, player.id)).toBe(10);
    // Only hashes are stored.
    const rows = await services.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', player.id).execute();
    expect(rows.map((r) => r.code_hash)).not.toContain(codes[0]);
    // Started again once enabled: refused, the secret stays.
    expect(await startEnrolment(d, { id: player.id, email: player.email })).toBeNull();
  });

  it('accepts a code one step either side of the server time, not two; each time step once', async () => {
    const d = deps();
    clock.advance(90_000); // past the enrolment code's step
    const { player, secret } = await enrolled(d);
    clock.advance(300_000);
    const now = clock.now();
    expect(await checkCode(d, player.id, await codeAt(secret, now - 65_000))).toBe(false); // two steps back
    expect(await checkCode(d, player.id, await codeAt(secret, now + 65_000))).toBe(false); // two steps ahead
    expect(await checkCode(d, player.id, await codeAt(secret, now - 30_000))).toBe(true); // one step back
    // The same code again, and an older one: refused (replay).
    expect(await checkCode(d, player.id, await codeAt(secret, now - 30_000))).toBe(false);
    expect(await checkCode(d, player.id, await codeAt(secret, now))).toBe(true);
    expect(await checkCode(d, player.id, await codeAt(secret, now))).toBe(false);
    expect(await checkCode(d, player.id, await codeAt(secret, now - 30_000))).toBe(false);
    // The next step's code is fresh.
    clock.advance(30_000);
    expect(await checkCode(d, player.id, await codeAt(secret, clock.now()))).toBe(true);
  });

  it('of two concurrent uses of one code, exactly one is accepted', async () => {
    const d = deps();
    clock.advance(120_000);
    const { player, secret } = await enrolled(d);
    clock.advance(60_000);
    const code = await codeAt(secret, clock.now());
    const results = await Promise.all([checkCode(d, player.id, code), checkCode(d, player.id, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const d = deps();
    clock.advance(120_000);
    const { player, codes } = await enrolled(d);
    const [first, second] = codes as [string, string];
    expect(await checkCode(d, player.id, first.toUpperCase().replace('-', ' '))).toBe(true);
    expect(await checkCode(d, player.id, first)).toBe(false);
    expect(await recoveryCodesLeft(services.db, player.id)).toBe(9);
    // Another player's recovery code is not this one's.
    const other = await enrolled(d);
    expect(await checkCode(d, other.player.id, second)).toBe(false);
    // Turning two-factor off with a recovery code: the codes and the secret go with it.
    await disableTwoFactor(d, player.id, second);
    expect(await twoFactorEnabled(services.db, player.id)).toBe(false);
    expect(await recoveryCodesLeft(services.db, player.id)).toBe(0);
  });

  it('throttles attempts like passwords: over the limit a right code is refused with 429 until the window ends', async () => {
    const d = deps();
    clock.advance(120_000);
    const { player, secret } = await enrolled(d);
    clock.advance(60_000);
    for (let i = 0; i < 5; i += 1) expect(await checkCode(d, player.id, '123456')).toBe(false);
    const locked = await refusal(checkCode(d, player.id, await codeAt(secret, clock.now())));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers?.['retry-after'])).toBeGreaterThan(0);
    limiterNow += 61_000;
    expect(await checkCode(d, player.id, await codeAt(secret, clock.now()))).toBe(true);
  });

  it('a protected action asks for the code only when two-factor sign-in is on', async () => {
    const d = deps();
    const plain = await createPlayer(services);
    await requireSecondFactor(d, plain.id, undefined);
    clock.advance(120_000);
    const { player, secret } = await enrolled(d);
    clock.advance(60_000);
    expect((await refusal(requireSecondFactor(d, player.id, undefined))).body).toEqual({ message: TWO_FACTOR_MESSAGES.codeRequired, errors: { two_factor_code: [TWO_FACTOR_MESSAGES.codeRequired] } });
    expect((await refusal(requireSecondFactor(d, player.id, '999999'))).statusCode).toBe(422);
    await requireSecondFactor(d, player.id, await codeAt(secret, clock.now()));
  });
});
