import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/lib/db";
import type { Role } from "@/lib/db/schema";
import { auth } from "@/lib/auth/auth";
import { checkSession, readClaims, type SessionVerdict } from "@/lib/auth/sessions";

export interface CurrentMember {
  id: number;
  email: string;
  name: string;
  role: Role;
}

const currentSession = cache(async (): Promise<SessionVerdict> => {
  const session = await auth();
  const claims = readClaims(session ? { id: session.user?.id, sid: session.sid, sv: session.sv, aexp: session.aexp } : null);
  return checkSession(await db(), claims);
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
