import "server-only";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { recordAudit } from "@/lib/audit";
import { log } from "@/lib/log";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { clientIp } from "@/lib/http/request-context";
import { loginFormSchema } from "./login-schema";
import { createMember, findMemberByEmail, normaliseEmail } from "./members";
import { verifyAgainstNothing, verifyPassword } from "./password";
import { roleForEmail } from "./sso-allow";
import { clearAccountFailures, recordFailure, throttleState } from "./throttle";

// Sign-in for team members: email and password from the console store, and single sign-on
// through any OpenID Connect provider when configured. The session is a signed cookie carrying
// the member id only; the role is read from the store on every request (lib/auth/session.ts).

export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}
export class DeactivatedSignIn extends CredentialsSignin {
  code = "deactivated";
}

/** Auth.js wraps the real failure as `cause` or `cause.err`; keep only its message. */
function causeText(cause: unknown): string | undefined {
  const err = cause && typeof cause === "object" && "err" in cause ? (cause as { err: unknown }).err : cause;
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : undefined;
}

function buildConfig(): NextAuthConfig {
  const config = getConfig();
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      id: "credentials",
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = loginFormSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        const ip = clientIp(request.headers);
        const conn = await db();
        const fail = async (reason: string, actorId: number | null = null) => {
          await recordFailure(conn, email, ip);
          await recordAudit({
            actor: { id: actorId, email },
            action: "auth.sign_in",
            outcome: "failure",
            details: { method: "password", reason },
            ip,
          });
        };

        if ((await throttleState(conn, email, ip)).blocked) {
          await recordAudit({ actor: { id: null, email }, action: "auth.sign_in", outcome: "denied", details: { method: "password", reason: "throttled" }, ip });
          throw new ThrottledSignIn();
        }
        const member = await findMemberByEmail(conn, email);
        const ok = member?.password_hash ? await verifyPassword(password, member.password_hash) : await verifyAgainstNothing(password);
        if (!member || !ok) {
          await fail(member ? "wrong password" : "unknown email", member?.id ?? null);
          return null;
        }
        if (!member.active) {
          await fail("deactivated", member.id);
          throw new DeactivatedSignIn();
        }
        await clearAccountFailures(conn, email);
        await recordAudit({ actor: { id: member.id, email: member.email }, action: "auth.sign_in", outcome: "success", details: { method: "password" }, ip });
        return { id: String(member.id), email: member.email, name: member.name };
      },
    }),
  ];

  if (config.sso) {
    providers.push({
      id: "oidc",
      name: config.sso.name,
      type: "oidc",
      issuer: config.sso.issuer,
      clientId: config.sso.clientId,
      clientSecret: config.sso.clientSecret,
      checks: ["pkce", "state", "nonce"],
      authorization: { params: { scope: "openid email profile" } },
    });
  }

  return {
    secret: config.authSecret,
    trustHost: true,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/login", error: "/login" },
    providers,
    // The default logger prints whole error objects; keep it to the error's name.
    logger: {
      error: (error) => {
        const type = (error as { type?: string }).type ?? error.name;
        // A refused password is not an error of the console: the audit trail has it.
        if (type === "CredentialsSignin") return;
        (type === "JWTSessionError" ? log.warn : log.error)("auth error", {
          type,
          message: error.message.slice(0, 300),
          cause: causeText(error.cause),
        });
      },
      warn: () => {},
      debug: () => {},
    },
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== "oidc") return true;
        const conn = await db();
        const email = typeof profile?.email === "string" ? normaliseEmail(profile.email) : null;
        const verified = profile?.email_verified !== false;
        const role = email && verified && config.sso ? roleForEmail(config.sso.allow, email) : null;
        const existing = email ? await findMemberByEmail(conn, email) : undefined;
        if (!email || !verified || (!role && !existing) || (existing && !existing.active)) {
          await recordAudit({
            actor: { id: existing?.id ?? null, email },
            action: "auth.sign_in",
            outcome: "denied",
            details: { method: "sso", reason: !email ? "no email" : !verified ? "email not verified" : existing ? "deactivated" : "not on the allow-list" },
          });
          return "/login?error=sso_refused";
        }
        // The allow-list gives the role on first entry; after that the team page decides.
        const member =
          existing ??
          (await createMember(conn, { email, name: (typeof profile?.name === "string" && profile.name) || email, role: role!, source: "sso" }));
        if (!existing) {
          await recordAudit({
            actor: { id: member.id, email },
            action: "member.create",
            target: { type: "member", id: member.id },
            outcome: "success",
            after: { email, role: member.role, source: "sso" },
            details: { via: "sso allow-list" },
          });
        }
        await recordAudit({ actor: { id: member.id, email }, action: "auth.sign_in", outcome: "success", details: { method: "sso" } });
        user.id = String(member.id);
        user.email = member.email;
        user.name = member.name;
        return true;
      },
      async jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.email = user.email;
          token.name = user.name;
        }
        return token;
      },
      async session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        const id = token?.sub ? Number(token.sub) : null;
        await recordAudit({
          actor: { id: Number.isSafeInteger(id) ? id : null, email: typeof token?.email === "string" ? token.email : null },
          action: "auth.sign_out",
          outcome: "success",
        });
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => buildConfig());
