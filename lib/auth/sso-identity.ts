import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { Member } from "@/lib/auth/tables";
import type { Role } from "@/lib/auth/roles";
import { memberEmailSchema, memberNameSchema } from "@/lib/team/schemas";
import { createMember, findMemberByEmail, findMemberBySsoIdentity } from "@/lib/auth/members";
import { roleForEmail, type AllowEntry } from "@/lib/rules/sso-allow";
import { announceSessionChange } from "@/lib/auth/session-cache";

// The provider's (issuer, sub) binds at the first SSO entry; a password member is never taken over unless an admin linked it.

export type SsoRefusal =
  | "no subject"
  | "invalid email"
  | "email not verified"
  | "invalid name"
  | "not on the allow-list"
  | "deactivated"
  | "password member not linked to SSO"
  | "another identity is bound to this member"
  | "identity bound to another member";

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

export type SsoDecision =
  | { ok: false; reason: SsoRefusal; email: string | null; memberId: number | null }
  | { ok: true; kind: "create"; identity: SsoIdentity; role: Role }
  | { ok: true; kind: "enter"; identity: SsoIdentity; member: Member; bind: boolean };

export interface SsoPolicy {
  issuer: string;
  allow: readonly AllowEntry[];
  trustUnverifiedEmail: boolean;
}

// Printable ASCII only, checked before any case folding: "\u212A" (Kelvin sign) lower-cases to "k".
const ASCII_EMAIL = /^[\x21-\x7E]+$/;

export function readSsoProfile(
  profile: Record<string, unknown> | null | undefined,
  policy: SsoPolicy,
): { ok: true; identity: SsoIdentity } | { ok: false; reason: SsoRefusal; email: string | null } {
  const p = profile ?? {};
  const rawEmail = typeof p.email === "string" ? p.email.trim() : "";
  const parsedEmail = ASCII_EMAIL.test(rawEmail) ? memberEmailSchema.safeParse(rawEmail) : null;
  const email = parsedEmail?.success ? parsedEmail.data : null;
  const subject = typeof p.sub === "string" && p.sub.length > 0 && p.sub.length <= 255 ? p.sub : null;
  if (!subject) return { ok: false, reason: "no subject", email };
  if (!email) return { ok: false, reason: "invalid email", email: null };
  if (p.email_verified !== true && !policy.trustUnverifiedEmail) return { ok: false, reason: "email not verified", email };
  let name = email;
  if (p.name !== undefined && p.name !== null && p.name !== "") {
    const parsedName = typeof p.name === "string" ? memberNameSchema.safeParse(p.name) : null;
    if (!parsedName?.success) return { ok: false, reason: "invalid name", email };
    name = parsedName.data;
  }
  const issuer = typeof p.iss === "string" && p.iss ? p.iss : policy.issuer;
  return { ok: true, identity: { issuer, subject, email, name } };
}

export function decideSsoEntry(
  identity: SsoIdentity,
  found: { byEmail: Member | undefined; bySubject: Member | undefined },
  allow: readonly AllowEntry[],
): SsoDecision {
  const { byEmail, bySubject } = found;
  const refuse = (reason: SsoRefusal, member?: Member): SsoDecision => ({ ok: false, reason, email: identity.email, memberId: member?.id ?? null });
  const role = roleForEmail(allow, identity.email);

  if (!byEmail) {
    if (bySubject) return refuse("identity bound to another member", bySubject);
    if (!role) return refuse("not on the allow-list");
    return { ok: true, kind: "create", identity, role };
  }
  const bound = byEmail.sso_subject !== null;
  if (bound && (byEmail.sso_issuer !== identity.issuer || byEmail.sso_subject !== identity.subject)) {
    return refuse("another identity is bound to this member", byEmail);
  }
  if (!bound) {
    if (bySubject && bySubject.id !== byEmail.id) return refuse("identity bound to another member", bySubject);
    // Only a member made for SSO (no password) binds on its own; anyone else needs an admin's link.
    const passwordMember = byEmail.source !== "sso" || byEmail.password_hash !== null;
    if (passwordMember && !byEmail.sso_allowed) return refuse("password member not linked to SSO", byEmail);
  }
  if (!byEmail.active) return refuse("deactivated", byEmail);
  if (!role && !byEmail.sso_allowed) return refuse("not on the allow-list", byEmail);
  return { ok: true, kind: "enter", identity, member: byEmail, bind: !bound };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505";
}

export async function admitSsoProfile(
  conn: Kysely<Database>,
  profile: Record<string, unknown> | null | undefined,
  policy: SsoPolicy,
): Promise<{ decision: SsoDecision; member: Member | null }> {
  const read = readSsoProfile(profile, policy);
  if (!read.ok) return { decision: { ok: false, reason: read.reason, email: read.email, memberId: null }, member: null };
  const { identity } = read;
  const [byEmail, bySubject] = await Promise.all([
    findMemberByEmail(conn, identity.email),
    findMemberBySsoIdentity(conn, identity.issuer, identity.subject),
  ]);
  const decision = decideSsoEntry(identity, { byEmail, bySubject }, policy.allow);
  if (!decision.ok) return { decision, member: null };

  const lost = (): { decision: SsoDecision; member: null } => ({
    decision: { ok: false, reason: "identity bound to another member", email: identity.email, memberId: null },
    member: null,
  });
  if (decision.kind === "create") {
    try {
      const member = await createMember(conn, {
        email: identity.email,
        name: identity.name,
        role: decision.role,
        source: "sso",
        sso: { issuer: identity.issuer, subject: identity.subject },
      });
      return { decision, member };
    } catch (error) {
      // A concurrent first entry won (same email or same identity): refuse rather than guess.
      if (isUniqueViolation(error)) return lost();
      throw error;
    }
  }
  if (!decision.bind) return { decision, member: decision.member };
  try {
    const member = await conn
      .updateTable("members")
      .set({
        sso_issuer: identity.issuer,
        sso_subject: identity.subject,
        source: decision.member.password_hash !== null ? "both" : decision.member.source,
        updated_at: new Date(),
      })
      .where("id", "=", decision.member.id)
      .where("sso_subject", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (member) await announceSessionChange(conn);
    return member ? { decision, member } : lost();
  } catch (error) {
    if (isUniqueViolation(error)) return lost();
    throw error;
  }
}
