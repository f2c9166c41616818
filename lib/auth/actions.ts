"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { recordAudit } from "@/lib/audit";
import { db } from "@/lib/db";
import { clientIp } from "@/lib/http/request-context";
import { signOutEverywhere } from "@/lib/team/service";
import { signOut } from "@/lib/auth/auth";
import { getCurrentMember } from "@/lib/auth/session";

const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed_out" });
}

export async function signOutEverywhereAction(): Promise<void> {
  const member = await getCurrentMember();
  if (!member) redirect("/login");
  const sessionsEnded = await signOutEverywhere(await db(), member.id);
  await recordAudit({
    actor: { id: member.id, email: member.email },
    action: "auth.sign_out",
    outcome: "success",
    details: { scope: "everywhere", sessionsEnded },
    ip: clientIp(await headers()),
  });
  // The session is already over on the server; drop this browser's cookie as well.
  const store = await cookies();
  for (const { name } of store.getAll()) {
    if (SESSION_COOKIE.test(name)) store.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
  }
  redirect("/login?reason=signed_out");
}
