// A real OpenID Connect provider on loopback for the SSO tests; its development login takes any name as the email.
import Provider from "oidc-provider";
import { E2E_BASE_URL, E2E_OIDC } from "@/test/env";

/** Flags after "#" pick unusual claims (`#verified=absent|false|string-true|string-false`, `#sub=other-id`, `#name=bidi`). */
function claimsFor(login: string): { sub: string; [claim: string]: unknown } {
  const [email = "", ...flags] = login.split("#");
  const options = new Map(flags.map((f) => [f.slice(0, f.indexOf("=")), f.slice(f.indexOf("=") + 1)]));
  const claims: { sub: string; [claim: string]: unknown } = { sub: options.get("sub") ?? email, email, name: `SSO ${email.split("@")[0]}` };
  const verified = options.get("verified");
  if (verified === undefined) claims.email_verified = true;
  else if (verified === "false") claims.email_verified = false;
  else if (verified === "string-true") claims.email_verified = "true";
  else if (verified === "string-false") claims.email_verified = "false";
  if (options.get("name") === "bidi") claims.name = "SSO \u202Enimda";
  return claims;
}

const provider = new Provider(E2E_OIDC.issuer, {
  clients: [
    {
      client_id: E2E_OIDC.clientId,
      client_secret: E2E_OIDC.clientSecret,
      redirect_uris: [`${E2E_BASE_URL}/api/auth/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  cookies: { keys: ["e2e-oidc-cookie-key-0123456789"] },
  // In the ID token, as Google and Entra ID do: Auth.js reads an OIDC provider's profile from there.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return claimsFor(id);
      },
    };
  },
});
provider.proxy = false;
// Say why a grant failed: without this an SSO test failure only reads "invalid_grant".
const report = (event: string) => (_ctx: unknown, error: { message?: string; error_description?: string }) =>
  console.error(`test OIDC provider ${event}: ${error.message} ${error.error_description ?? ""}`);
provider.on("grant.error", report("grant.error"));
provider.on("authorization.error", report("authorization.error"));
provider.on("server_error", report("server_error"));

const port = Number(new URL(E2E_OIDC.issuer).port);
provider.listen(port, () => console.log(`test OIDC provider on ${E2E_OIDC.issuer}`));
