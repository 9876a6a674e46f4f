// Where the mailed verification link lands (docs/accounts.md): the client's page, `?status=invalid`
// when the link was invalid or had expired. Zod-free: the router of the first load imports it.
export const EMAIL_VERIFIED_PATH = '/email-verified';
export const EMAIL_LINK_INVALID_QUERY = 'status=invalid';
