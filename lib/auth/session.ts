import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getConfig } from "@/lib/config";
import { db, store } from "@/lib/store";
import type { Role } from "@/lib/auth/roles";
import { cachedSession, listenForSessionChanges, SESSIONS_CHANNEL } from "@/lib/auth/session-cache";
import { decodeSessionCookie, sessionCookieName, sessionCookieValue } from "@/lib/auth/session-cookie";
import { judgeLookup, lookupSession, readClaims, refreshedToken, type SessionClaims, type SessionVerdict } from "@/lib/auth/sessions";

export interface CurrentMember {
  id: number;
  email: string;
  name: string;
  role: Role;
}

async function currentClaims(now: number): Promise<SessionClaims | null> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const name = sessionCookieName(headerStore.get("x-forwarded-proto"));
  const token = sessionCookieValue(name, cookieStore.getAll());
  if (!token) return null;
  const payload = await decodeSessionCookie(token, getConfig().authSecret, name, now);
  const token2 = payload ? refreshedToken(payload, now) : null;
  return readClaims(token2);
}

function startListening(): void {
  listenForSessionChanges(async (onNotice, onReconnect, onDrop) => (await store()).listen(SESSIONS_CHANNEL, onNotice, onReconnect, onDrop));
}

const currentSession = cache(async (): Promise<SessionVerdict> => {
  const now = Date.now();
  const claims = await currentClaims(now);
  if (!claims) return { ok: false, reason: "no_session" };
  startListening();
  // A member and session row that passed is kept until the next change to members or sessions (session-cache.ts).
  const found = await cachedSession(
    `${claims.memberId}\n${claims.sid}`,
    async () => lookupSession(await db(), claims),
    (value) => judgeLookup(claims, value, now).ok,
    now,
  );
  return judgeLookup(claims, found, now);
});

/** The member as the store knows them now, so a role or active change takes effect at once; null once the session ended. */
export const getCurrentMember = cache(async (): Promise<CurrentMember | null> => {
  const verdict = await currentSession();
  if (!verdict.ok) return null;
  const { member } = verdict;
  return { id: member.id, email: member.email, name: member.name, role: member.role };
});

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export async function requirePageMember(): Promise<CurrentMember> {
  const member = await getCurrentMember();
  if (!member) {
    const verdict = await currentSession();
    const cookieStore = await cookies();
    let reason = verdict.ok ? null : verdict.reason;
    // Auth.js no longer decodes a cookie past its absolute end, but the browser still sends it.
    if (reason === "no_session" && SESSION_COOKIES.some((name) => cookieStore.has(name))) reason = "expired";
    redirect(reason === "inactive" ? "/login?reason=inactive" : reason === "expired" || reason === "ended" ? "/login?reason=expired" : "/login");
  }
  return member;
}
