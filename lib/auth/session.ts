import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/lib/db";
import type { Role } from "@/lib/db/schema";
import { auth } from "./auth";
import { findMemberById } from "./members";

export interface CurrentMember {
  id: number;
  email: string;
  name: string;
  role: Role;
}

/**
 * The signed-in member as the store knows them now: the session only says who you are, the role
 * and the active flag are read on every request, so a change takes effect at once.
 */
export const getCurrentMember = cache(async (): Promise<CurrentMember | null> => {
  const session = await auth();
  const id = Number(session?.user?.id);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const member = await findMemberById(await db(), id);
  if (!member || !member.active) return null;
  return { id: member.id, email: member.email, name: member.name, role: member.role };
});

/** For dashboard layouts and pages: the member, or off to the sign-in page. */
export async function requirePageMember(): Promise<CurrentMember> {
  const member = await getCurrentMember();
  if (!member) {
    const session = await auth();
    // A valid cookie for a member who is gone or deactivated: signed out, with the reason.
    redirect(session?.user?.id ? "/login?reason=inactive" : "/login");
  }
  return member;
}
