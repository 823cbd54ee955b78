import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the federated sign-in tests. Its development login form
 * accepts any login (use an e-mail address: it becomes the account's e-mail) and any password,
 * then asks for consent:
 *   page.getByLabel / locator('input[name="login"]'), locator('input[name="password"]'),
 *   getByRole('button', { name: 'Sign-in' }), then getByRole('button', { name: 'Continue' }).
 */
export const OIDC_CLIENT = { id: 'firstday-e2e', secret: 'firstday-e2e-secret' };

/**
 * A login starting with this is asserted with `email_verified: false`; any other with `true`. The
 * stack lists this provider in AUTH_TRUSTED_PROVIDERS, as Google is in production.
 */
export const UNVOUCHED_LOGIN_PREFIX = 'unvouched';

export async function startOidcProvider(port: number, appUrl: string) {
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['firstday-e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, Grant: 3600, IdToken: 3600, Interaction: 3600, Session: 3600 },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: !id.startsWith(UNVOUCHED_LOGIN_PREFIX),
            name: 'Federated Parent',
          };
        },
      };
    },
  });
  const server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
