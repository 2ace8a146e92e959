import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Provider (oidc-provider, the certified reference implementation) on a free port of
 * this machine, for the server tests and the browser tests (issue 29). Never a fake of our code:
 * our server discovers it, sends the browser to it and exchanges codes with it as with Google.
 *
 * Test-only settings: the provider's development login page ("devInteractions": any login name and
 * password), where the login name is the account's id; consent is granted automatically
 * (`loadExistingGrant`), so a sign-in is one form.
 */

export type TTestAccount = { email: string; emailVerified: boolean; name: string };

export type TTestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets what the provider says about a login name (default: the name is the e-mail, verified). */
  setAccount: (login: string, account: TTestAccount) => void;
  close: () => Promise<void>;
};

/** What the provider says about a login name that was not set: the name is a verified e-mail. */
function defaultAccount(login: string): TTestAccount {
  const local = login.split('@')[0] ?? login;
  const name = local
    .split(/[._-]/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ');
  return { email: login, emailVerified: true, name: name || login };
}

export async function startTestOidcProvider(options: {
  redirectUri: string;
  /** Serve over https with this key and certificate (the browser tests' production-mode server). */
  tls?: { key: string; cert: string };
}): Promise<TTestOidcProvider> {
  const clientId = 'stem-test-client';
  const clientSecret = 'stem-test-client-secret-0123456789';
  const accounts = new Map<string, TTestAccount>();
  // The issuer names the port, so the server listens before the provider exists.
  const target: { handler?: RequestListener } = {};
  const listener: RequestListener = (req, res) => {
    if (target.handler) target.handler(req, res);
    else res.writeHead(503).end();
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['stem-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id) ?? defaultAccount(id);
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    // Consent is granted without asking: the test signs in with one form.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The provider's own warnings (development keys, development login page) are expected here.
  provider.on('server_error', () => undefined);
  target.handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (login, account) => accounts.set(login, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for the provider's own cookies during one sign-in. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store: (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        const at = pair.indexOf('=');
        if (at <= 0) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * Signs in at the provider as a browser would, over HTTP: follows the authorization URL, fills the
 * provider's login page with the login name, and returns the query string the provider sends the
 * browser back to the redirect URI with (code, state, iss).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  login: string,
): Promise<string> {
  const jar = cookieJar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 10; step += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.store(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(`${redirectUri}?`)) return new URL(next).search;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !html.includes('name="login"')) {
      throw new Error(`the provider answered ${response.status}: ${html.slice(0, 500)}`);
    }
    url = new URL(action, url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'any-password' });
  }
  throw new Error('the provider did not send the browser back');
}
