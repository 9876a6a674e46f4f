import { loginAccountKey, type RateLimiter } from './rateLimit.ts';

// Failed passwords per account and per address, for the login challenge (docs/security.md,
// lock-out policy). Counted after a wrong password within the longest lock-out window; once either
// count reaches its threshold, every further attempt for that account or from that address needs a
// solved captcha before its password is checked. A successful login and a password reset clear
// the account's count (clearAttempts). Parallel guesses that all pass the check before any failure
// is counted are still bounded by the attempt limits, which are counted first.

export interface LoginFailurePolicy {
  accountAfter: number;
  addressAfter: number;
  windowSeconds: number;
}

const accountFailures = (email: string) => `${loginAccountKey(email)}:failures`;
const addressFailures = (ip: string) => `login:address:${ip}:failures`;

const overThreshold = (policy: LoginFailurePolicy, account: number, address: number) => account >= policy.accountAfter || address >= policy.addressAfter;

/** Whether an attempt for this account from this address must carry a solved captcha. */
export async function captchaRequired(limiter: RateLimiter, policy: LoginFailurePolicy, email: string, ip: string): Promise<boolean> {
  const [account, address] = await Promise.all([limiter.check(accountFailures(email)), limiter.check(addressFailures(ip))]);
  return overThreshold(policy, account.count, address.count);
}

/** Counts a wrong password; answers whether the next attempt needs the captcha. */
export async function countFailure(limiter: RateLimiter, policy: LoginFailurePolicy, email: string, ip: string): Promise<boolean> {
  const [account, address] = await Promise.all([limiter.hit(accountFailures(email), policy.windowSeconds), limiter.hit(addressFailures(ip), policy.windowSeconds)]);
  return overThreshold(policy, account.count, address.count);
}
