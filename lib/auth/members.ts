import type { Insertable, Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { Member } from "@/lib/auth/tables";
import type { Role } from "@/lib/auth/roles";
import { hashPassword } from "@/lib/auth/password";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findMemberByEmail(conn: Kysely<Database>, email: string): Promise<Member | undefined> {
  return conn.selectFrom("members").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
}

export async function findMemberById(conn: Kysely<Database>, id: number): Promise<Member | undefined> {
  return conn.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findMemberBySsoIdentity(conn: Kysely<Database>, issuer: string, subject: string): Promise<Member | undefined> {
  return conn.selectFrom("members").selectAll().where("sso_issuer", "=", issuer).where("sso_subject", "=", subject).executeTakeFirst();
}

export interface NewMember {
  email: string;
  name: string;
  role: Role;
  password?: string | null;
  /** Already hashed, so a caller can hash outside its transaction. */
  passwordHash?: string;
  source?: "password" | "sso";
  sso?: { issuer: string; subject: string };
  ssoAllowed?: boolean;
}

async function memberValues(input: NewMember): Promise<Insertable<Database["members"]>> {
  const now = new Date();
  return {
    email: normaliseEmail(input.email),
    name: input.name.trim(),
    role: input.role,
    password_hash: input.passwordHash ?? (input.password ? await hashPassword(input.password) : null),
    active: true,
    source: input.source ?? "password",
    sso_issuer: input.sso?.issuer ?? null,
    sso_subject: input.sso?.subject ?? null,
    sso_allowed: input.ssoAllowed,
    created_at: now,
    updated_at: now,
  };
}

export async function createMember(conn: Kysely<Database>, input: NewMember): Promise<Member> {
  return conn
    .insertInto("members")
    .values(await memberValues(input))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const DEMO_MEMBERS = [
  { email: "admin@demo.local", name: "Ayşe Admin", role: "admin" },
  { email: "operator@demo.local", name: "Onur Operator", role: "operator" },
  { email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" },
] as const satisfies readonly { email: string; name: string; role: Role }[];

// Instances starting together each try: the unique email lets one insert win and the others pass.
export async function ensureDemoMembers(conn: Kysely<Database>, password: string): Promise<void> {
  for (const m of DEMO_MEMBERS) {
    if (await findMemberByEmail(conn, m.email)) continue;
    await conn
      .insertInto("members")
      .values(await memberValues({ ...m, password }))
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  }
}
