// Social sign-up asks for the terms and 18+ confirmation once, before the first trip to a provider
// (docs/accounts.md): this device remembers the answer, and the social grant carries it so the
// server can make a new account (it refuses one without it).
const KEY = 'terms.confirmed';

export function socialTermsConfirmed(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function confirmSocialTerms(): void {
  try {
    localStorage.setItem(KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the grant below still carries this visit's answer.
  }
}
