// The e2e server's console admin (scripts/e2eServer.ts makes it at start, as `npm run ops -- staff
// grant` would, with two-factor sign-in on and this key): the operator journeys sign in as it with
// the password and a code (tests/e2e/helpers/staff.ts). No imports: the server script loads it early.
export const E2E_ADMIN = {
  name: 'Console Admin',
  email: 'console-admin@example.com',
  password: 'console-admin-secret',
  /** Base32 TOTP key, as an authenticator app holds it. */
  totpSecret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
} as const;
