import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { centsOf, formatCents } from '../../core/money/cents.ts';

// Signature helpers shared by the adapters. Comparisons are constant-time.

export function hmacHex(algorithm: 'sha1' | 'sha256' | 'sha512', secret: string, data: Buffer | string): string {
  return createHmac(algorithm, secret).update(data).digest('hex');
}

export function sha256Hex(data: string): string {
  return createHash('sha256').update(data).digest('hex');
}

export function safeEqualHex(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** 2550 → '25.50' as providers expect amounts. */
export function decimalAmount(cents: number): string {
  return formatCents(cents);
}

/** '25.5' → 2550; null unless a non-negative decimal. */
export function parseDecimalCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return centsOf(Number(text)); // gateways may send more decimals than a cent: rounded to the cent
}
