import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (t=2, m=19 MiB, p=1); the parameters live in the stored hash.
const options = { algorithm: 2 /* Argon2id (a const enum in the typings) */, timeCost: 2, memoryCost: 19_456, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Every verify this process ran: a sign-in costs exactly one whether or not its email is known,
// which is what keeps the answer's time from telling an unknown email apart (counted, not timed).
let verifies = 0;
export const passwordVerifyCount = (): number => verifies;

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  verifies += 1;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A hash of nothing anybody knows, verified when the email is unknown so both paths cost the same.
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword('decoy-password-that-matches-no-account'));
}
