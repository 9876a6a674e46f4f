import { DEPOSIT_RETURN_PARAM, returnPathOf } from '../../../core/protocol/depositRules.ts';

// After a payment the player goes back to the page they left for the checkout (docs/payments.md):
// the deposit call names that page and the provider (or the sandbox page) returns there.

/** The modal's own query parameters: the page to come back to is the one without the cashier open. */
const CASHIER_PARAMS = ['modal', 'amount', 'promocode'];

export function depositReturnPath(location: Pick<Location, 'pathname' | 'search'>): string {
  const query = new URLSearchParams(location.search);
  for (const name of CASHIER_PARAMS) query.delete(name);
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** The sandbox checkout's way back: its `return_to` when it is a path on this site, else home. */
export function sandboxReturnPath(search: string): string {
  return returnPathOf(new URLSearchParams(search).get(DEPOSIT_RETURN_PARAM)) ?? '/';
}
