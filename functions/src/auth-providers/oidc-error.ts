/** The issuer refused or answered something unusable; the sign-in fails, the server is fine. */
export class OidcError extends Error {
  override name = 'OidcError';
}
