import { useSearchParams } from 'react-router';
import { useState, type Dispatch, type SetStateAction } from 'react';

// The seeds a calculator works on. Pages start from the URL (?server_seed=&client_seed=&nonce=,
// so a bet's "Verify" link can fill them) and the seeds panel fills them from a revealed pair.
export interface SeedInput {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
}

export function useSeedInput(): [SeedInput, (next: SeedInput) => void] {
  const [params] = useSearchParams();
  return useState<SeedInput>(() => ({
    serverSeed: params.get('server_seed') ?? '',
    clientSeed: params.get('client_seed') ?? '',
    nonce: params.get('nonce') ?? '1',
  }));
}

/** A calculator's own input (plinko rows, upgrade chance…), started from the URL when a link gave it. */
export function useQueryInput(name: string, fallback: string): [string, Dispatch<SetStateAction<string>>] {
  const [params] = useSearchParams();
  return useState(() => params.get(name) ?? fallback);
}

/** A nonce as typed: a non-negative integer, or null. */
export function parseNonce(text: string): number | null {
  if (!/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}
