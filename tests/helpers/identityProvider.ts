import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { IDP_CLIENT_SECRET, identityProviderEnv } from './identityProviderEnv.ts';

// A local identity provider for tests that speaks the real protocols at the network edge:
// - OAuth 2.0 authorization-code flow (oauth2-mock-server) for Google and Facebook, made strict:
//   a code works once and only with the right client secret, and userinfo answers only for access
//   tokens it issued, with the identity chosen before the browser reached /authorize;
// - a small OpenID 2.0 provider for Steam (checkid_setup → signed id_res → check_authentication).

export interface TestIdentity {
  sub: string;
  name: string;
  email?: string;
  emailVerified?: boolean;
  steamId?: string;
}

export interface IdentityProvider {
  oauthUrl: string;
  steamUrl: string;
  /** Environment for the app under test. */
  env(): Record<string, string>;
  /** Who the next sign-in at /authorize (or Steam's login) will be. */
  setNextIdentity(identity: TestIdentity): void;
  stop(): Promise<void>;
}

export async function startIdentityProvider(options: { port?: number; host?: string } = {}): Promise<IdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const clientSecret = IDP_CLIENT_SECRET;
  let next: TestIdentity = { sub: 'google-user-1', name: 'Idp User', email: 'idp.user@example.com', emailVerified: true, steamId: '76561198000000001' };
  const codes = new Map<string, TestIdentity>();
  const tokens = new Map<string, TestIdentity>();

  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const code = redirect.url.searchParams.get('code');
    if (code) codes.set(code, next);
  });
  oauth.service.on('beforeResponse', (response: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, string> }) => {
    const identity = codes.get(req.body.code ?? '');
    codes.delete(req.body.code ?? '');
    if (req.body.grant_type !== 'authorization_code' || !identity || req.body.client_secret !== clientSecret) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
      return;
    }
    tokens.set(String(response.body.access_token), identity);
  });
  oauth.service.on('beforeUserinfo', (response: { body: Record<string, unknown>; statusCode: number }, req: { headers: Record<string, string | undefined>; url?: string }) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const identity = token ? tokens.get(token) : undefined;
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
      return;
    }
    const facebook = (req.url ?? '').includes('fields=');
    response.body = facebook
      ? { id: identity.sub, name: identity.name, ...(identity.email ? { email: identity.email } : {}), picture: { data: { url: 'https://example.com/fb.png' } } }
      : { sub: identity.sub, name: identity.name, email: identity.email, email_verified: identity.emailVerified ?? false, picture: 'https://example.com/g.png' };
  });
  await oauth.start(options.port ?? 0, host);
  const oauthUrl = oauth.issuer.url!.replace(/\/$/, '');

  // Steam: OpenID 2.0 provider with one association secret; signatures are HMAC-SHA256 over the
  // key-value form of the signed fields, as the spec describes.
  const assocSecret = randomBytes(32);
  const signedFields = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
  const kv = (params: URLSearchParams) => signedFields.map((f) => `${f}:${params.get(`openid.${f}`) ?? ''}\n`).join('');
  const steam: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (req.method === 'GET' && url.searchParams.get('openid.mode') === 'checkid_setup') {
      const returnTo = new URL(url.searchParams.get('openid.return_to') ?? '');
      const claimed = `https://steamcommunity.com/openid/id/${next.steamId ?? '76561198000000001'}`;
      const p = new URLSearchParams({
        'openid.ns': 'http://specs.openid.net/auth/2.0',
        'openid.mode': 'id_res',
        'openid.op_endpoint': steamUrl,
        'openid.claimed_id': claimed,
        'openid.identity': claimed,
        'openid.return_to': returnTo.toString(),
        'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(4).toString('hex')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': signedFields.join(','),
      });
      p.set('openid.sig', createHmac('sha256', assocSecret).update(kv(p)).digest('base64'));
      for (const [k, v] of p) returnTo.searchParams.set(k, v);
      res.writeHead(302, { location: returnTo.toString() }).end();
      return;
    }
    if (req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const p = new URLSearchParams(raw);
        const expected = createHmac('sha256', assocSecret).update(kv(p)).digest('base64');
        const valid = p.get('openid.mode') === 'check_authentication' && p.get('openid.sig') === expected;
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`);
      });
      return;
    }
    res.writeHead(400).end('bad request');
  });
  await new Promise<void>((resolve) => steam.listen(options.port ? options.port + 1 : 0, host, resolve));
  const steamUrl = `http://${host}:${(steam.address() as AddressInfo).port}/openid/login`;

  return {
    oauthUrl,
    steamUrl,
    env: () => identityProviderEnv(oauthUrl, steamUrl),
    setNextIdentity(identity) {
      next = identity;
    },
    async stop() {
      await oauth.stop();
      await new Promise<void>((resolve) => steam.close(() => resolve()));
    },
  };
}
