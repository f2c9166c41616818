import "server-only";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import { headers } from "next/headers";
import Credentials from "next-auth/providers/credentials";
import { recordAudit } from "@/lib/audit";
import { authErrorLogger } from "@/lib/auth/auth-log";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/store";
import { clientIp } from "@/lib/server/client-address";
import { loginFormSchema } from "@/lib/auth/login-schema";
import { findMemberByEmail } from "@/lib/auth/members";
import { verifyAgainstNothing, verifyPassword } from "@/lib/auth/password";
import { endSession, readClaims, refreshedToken, startSession } from "@/lib/auth/sessions";
import { admitSsoProfile } from "@/lib/auth/sso-identity";
import { releaseAttempt, reserveAttempt } from "@/lib/auth/throttle";

export class ThrottledSignIn extends CredentialsSignin {
  code = "throttled";
}

const logAuthError = authErrorLogger();

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
        // Reserved before the password is checked, so parallel guesses count one by one.
        const reservation = await reserveAttempt(conn, email, ip);
        if (!reservation.ok) {
          if (reservation.first) {
            await recordAudit({
              actor: { id: null, email },
              action: "auth.sign_in",
              outcome: "denied",
              details: { method: "password", reason: "throttled", limit: reservation.limit },
              ip,
            });
          }
          throw new ThrottledSignIn();
        }
        const member = await findMemberByEmail(conn, email);
        const ok = member?.password_hash ? await verifyPassword(password, member.password_hash) : await verifyAgainstNothing(password);
        // A deactivated account answers like a wrong password, so the answer never confirms one.
        if (!member || !ok || !member.active) {
          await recordAudit({
            actor: { id: member?.id ?? null, email },
            action: "auth.sign_in",
            outcome: "failure",
            details: { method: "password", reason: !member ? "unknown email" : !ok ? "wrong password" : "deactivated" },
            ip,
          });
          return null;
        }
        await releaseAttempt(conn, reservation, email, ip);
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
    logger: {
      error: logAuthError,
      warn: () => {},
      debug: () => {},
    },
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== "oidc") return true;
        if (!config.sso) return false;
        const conn = await db();
        const ip = await requestIp();
        const { decision, member } = await admitSsoProfile(conn, profile as Record<string, unknown> | undefined, {
          issuer: config.sso.issuer,
          allow: config.sso.allow,
          trustUnverifiedEmail: config.sso.trustUnverifiedEmail,
        });
        if (!decision.ok || !member) {
          await recordAudit({
            actor: { id: decision.ok ? null : decision.memberId, email: decision.ok ? null : decision.email },
            action: "auth.sign_in",
            outcome: "denied",
            details: { method: "sso", reason: decision.ok ? "identity bound to another member" : decision.reason },
            ip,
          });
          return "/login?error=sso_refused";
        }
        const email = member.email;
        if (decision.kind === "create") {
          await recordAudit({
            actor: { id: member.id, email },
            action: "member.create",
            target: { type: "member", id: member.id },
            outcome: "success",
            after: { email, role: member.role, source: "sso" },
            details: { via: "sso allow-list", ssoIssuer: member.sso_issuer },
            ip,
          });
        } else if (decision.bind) {
          await recordAudit({
            actor: { id: member.id, email },
            action: "member.update",
            target: { type: "member", id: member.id },
            outcome: "success",
            before: { ssoLinked: false, source: decision.member.source },
            after: { ssoLinked: true, source: member.source },
            details: { via: "first sso entry", ssoIssuer: member.sso_issuer },
            ip,
          });
        }
        await recordAudit({ actor: { id: member.id, email }, action: "auth.sign_in", outcome: "success", details: { method: "sso" }, ip });
        user.id = String(member.id);
        user.email = member.email;
        user.name = member.name;
        return true;
      },
      async jwt({ token, user, account }) {
        if (user?.id) {
          const claims = await startSession(await db(), Number(user.id), account?.provider === "oidc" ? "sso" : "password");
          token.sub = user.id;
          token.email = user.email;
          token.name = user.name;
          token.sid = claims.sid;
          token.sv = claims.sv;
          token.aexp = claims.aexp;
          return token;
        }
        // Auth.js re-signs the cookie on activity; the absolute end never moves.
        return refreshedToken(token);
      },
      async session({ session, token }) {
        const claims = readClaims(token);
        if (claims) {
          session.user.id = String(claims.memberId);
          session.sid = claims.sid;
          session.sv = claims.sv;
          session.aexp = claims.aexp;
        }
        return session;
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        const id = token?.sub ? Number(token.sub) : null;
        const claims = readClaims(token);
        if (claims) await endSession(await db(), claims.sid);
        await recordAudit({
          actor: { id: Number.isSafeInteger(id) ? id : null, email: typeof token?.email === "string" ? token.email : null },
          action: "auth.sign_out",
          outcome: "success",
          ip: await requestIp(),
        });
      },
    },
  };
}

async function requestIp(): Promise<string | null> {
  try {
    return clientIp(await headers());
  } catch {
    return null;
  }
}

declare module "next-auth" {
  interface Session {
    sid?: string;
    sv?: number;
    aexp?: number;
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => buildConfig());
