// Where the mailed verification link lands (docs/accounts.md): the client's page, `?status=invalid`
// when the link was invalid or had expired. src/app/routes.tsx writes the path out (importing this
// module cost the first load bytes); tests/e2e/accounts.spec.ts follows a real link onto the page.
export const EMAIL_VERIFIED_PATH = '/email-verified';
export const EMAIL_LINK_INVALID_QUERY = 'status=invalid';
