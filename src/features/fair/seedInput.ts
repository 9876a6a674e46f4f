import { useSearchParams } from 'react-router';
import { createContext, useContext, useState, type Dispatch, type SetStateAction } from 'react';

// The seeds a calculator works on. Pages start from the URL (?server_seed=&client_seed=&nonce=,
// so a bet's "Verify" link can fill them) and the seeds panel fills them from a revealed pair.
export interface SeedInput {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
}

/**
 * The query a calculator starts from: the page's URL, unless a provider gives another (a bet's
 * verify modal gives its bet's verify link's, over a page whose URL is the history's).
 */
export const CalculatorQuery = createContext<URLSearchParams | null>(null);

export function useCalculatorQuery(): URLSearchParams {
  const [params] = useSearchParams();
  return useContext(CalculatorQuery) ?? params;
}

export function useSeedInput(): [SeedInput, (next: SeedInput) => void] {
  const params = useCalculatorQuery();
  return useState<SeedInput>(() => ({
    serverSeed: params.get('server_seed') ?? '',
    clientSeed: params.get('client_seed') ?? '',
    nonce: params.get('nonce') ?? '1',
  }));
}

/** A calculator's own input (plinko rows, upgrade chance…), started from the URL when a link gave it. */
export function useQueryInput(name: string, fallback: string): [string, Dispatch<SetStateAction<string>>] {
  const params = useCalculatorQuery();
  return useState(() => params.get(name) ?? fallback);
}

/** A nonce as typed: a non-negative integer, or null. */
export function parseNonce(text: string): number | null {
  if (!/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}
