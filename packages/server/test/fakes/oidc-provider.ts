import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the identity provider knows: the claims it sends for them. */
export interface IdpAccount {
  email: string;
  name: string;
  groups: string[];
}

export interface FakeIdentityProvider {
  /** http://127.0.0.1:<port> (also the `iss` of its tokens). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People by subject; tests change their groups between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /** How many authorization requests carried a S256 code challenge, and how many did not. */
  pkce: { s256: number; missing: number };
  close(): Promise<void>;
}

const page = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${uid}">
<label>Username <input name="login" autocomplete="username" required></label>
<button type="submit">Continue</button>
</form></main></body></html>`;

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}

/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1: discovery, the
 * authorization-code flow with PKCE required (S256), signed ID tokens, userinfo with a `groups`
 * claim (scope `groups`). Its sign-in page asks only for the subject (a tiny interaction in
 * place of the library's development pages); consent is granted for what the client asked.
 */
export async function startFakeIdentityProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Let the process end while it runs (a provider shared by a whole test file, never closed). */
  unref?: boolean;
}): Promise<FakeIdentityProvider> {
  const clientId = options.clientId ?? "content-studio";
  const clientSecret = options.clientSecret ?? "idp-client-secret-0123456789abcdef";
  const accounts = new Map<string, IdpAccount>();
  const pkce = { s256: 0, missing: 0 };
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  if (options.unref) server.unref();
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    scopes: ["openid", "email", "profile", "groups"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
      groups: ["groups"],
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ["loopback-idp-cookie-key"] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        // The provider says every email is verified: the app must not trust it for linking.
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
  });

  const callback = provider.callback();
  handler = (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", issuer);
      // A browser asks for the icon: no console error for it.
      if (url.pathname === "/favicon.ico") return res.writeHead(204).end();
      if (url.pathname === "/auth") {
        if (url.searchParams.get("code_challenge_method") === "S256") pkce.s256 += 1;
        else pkce.missing += 1;
      }
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
      if (!interaction) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        if (req.method !== "POST") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(page(interaction[1]!));
          return;
        }
        const login = (await readForm(req)).get("login") ?? "";
        await provider.interactionFinished(req, res, { login: { accountId: login } });
        return;
      }
      // Consent: grant the scopes and claims the client asked for.
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    pkce,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
