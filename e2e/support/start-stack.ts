// The e2e web server: a local OpenID Connect provider, then the built product configured to use it.
import { spawn } from 'node:child_process';
import { OIDC_CLIENT, startOidcProvider } from './oidc-provider.ts';

const appPort = Number(process.env.PORT ?? 3210);
const oidcPort = Number(process.env.OIDC_PORT ?? 3220);
const appUrl = `http://localhost:${appPort}`;

const oidc = await startOidcProvider(oidcPort, appUrl);
const server = spawn(process.execPath, ['server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_URL: appUrl,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_PROVIDER_NAME: 'Test ID',
    // Trusted like Google: its verified addresses sign in to existing accounts.
    AUTH_TRUSTED_PROVIDERS: oidc.issuer,
  },
});

const stop = () => {
  server.kill('SIGTERM');
  void oidc.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  void oidc.close();
  process.exit(code ?? 0);
});
