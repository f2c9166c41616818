import type { Kysely } from "kysely";
import { countActiveAdmins, createMember, findMemberByEmail, findMemberById, listMembers } from "../auth/members";
import { hashPassword } from "../auth/password";
import type { Database, Member, MemberUpdate } from "../db/schema";
import type { CreateMemberBody, TeamMember, UpdateMemberBody } from "./schemas";

// The team rules, over a Kysely connection so that the route handlers, the command-line tool
// and the tests share them. No password hash ever leaves this module.

export type TeamRuleReason = "email_taken" | "self_change" | "last_admin";

/** A change the rules refuse (the handlers answer 409). `field` names the input at fault. */
export class TeamRuleError extends Error {
  constructor(
    readonly reason: TeamRuleReason,
    message: string,
    readonly field?: "email" | "role" | "active",
  ) {
    super(message);
    this.name = "TeamRuleError";
  }
}

export class MemberNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`No team member has id ${id}.`);
    this.name = "MemberNotFoundError";
  }
}

/** What the audit trail keeps of a member: everything but the hash and the timestamps. */
export interface MemberSnapshot {
  id: number;
  email: string;
  name: string;
  role: Member["role"];
  active: boolean;
  source: string;
  hasPassword: boolean;
}

export function toSnapshot(row: Member): MemberSnapshot {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active === 1,
    source: row.source,
    hasPassword: row.password_hash !== null,
  };
}

export function toTeamMember(row: Member): TeamMember {
  return { ...toSnapshot(row), createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listTeam(conn: Kysely<Database>): Promise<TeamMember[]> {
  return (await listMembers(conn)).map(toTeamMember);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3, and PostgreSQL's unique_violation for the planned shared store.
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

function emailTaken(email: string): TeamRuleError {
  return new TeamRuleError("email_taken", `A team member with the email ${email} already exists.`, "email");
}

export async function addMember(
  conn: Kysely<Database>,
  input: CreateMemberBody,
): Promise<{ member: TeamMember; after: MemberSnapshot }> {
  if (await findMemberByEmail(conn, input.email)) throw emailTaken(input.email);
  let row: Member;
  try {
    row = await createMember(conn, { ...input, source: input.password ? "password" : "sso" });
  } catch (error) {
    // Two requests for the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken(input.email);
    throw error;
  }
  return { member: toTeamMember(row), after: toSnapshot(row) };
}

export interface MemberChange {
  member: TeamMember;
  before: MemberSnapshot;
  /** The snapshot after the change; a new password shows only as `passwordChanged: true`. */
  after: MemberSnapshot & { passwordChanged?: true };
}

/**
 * Changes a member. `actor` is the admin making the change (null for the command-line tool): an
 * admin may not demote or deactivate themselves, and the last active admin can never be demoted
 * or deactivated, so the console always keeps someone who can manage it.
 */
export async function changeMember(
  conn: Kysely<Database>,
  id: number,
  changes: UpdateMemberBody,
  actor: { id: number } | null,
): Promise<MemberChange> {
  // Hash outside the transaction: scrypt is slow and the store serialises transactions.
  const passwordHash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;

  return conn.transaction().execute(async (trx) => {
    const current = await findMemberById(trx, id);
    if (!current) throw new MemberNotFoundError(id);
    const before = toSnapshot(current);

    const demotes = changes.role !== undefined && changes.role !== "admin" && before.role === "admin";
    const deactivates = changes.active === false && before.active;
    if (actor && actor.id === id && (demotes || deactivates)) {
      throw new TeamRuleError(
        "self_change",
        "You cannot change your own role or deactivate yourself; ask another admin.",
        demotes ? "role" : "active",
      );
    }
    if (before.role === "admin" && before.active && (demotes || deactivates) && (await countActiveAdmins(trx)) <= 1) {
      throw new TeamRuleError(
        "last_admin",
        `${current.email} is the last active admin; make another member an admin first.`,
        demotes ? "role" : "active",
      );
    }

    const values: MemberUpdate = { updated_at: new Date().toISOString() };
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.role !== undefined) values.role = changes.role;
    if (changes.active !== undefined) values.active = changes.active ? 1 : 0;
    if (passwordHash !== undefined) values.password_hash = passwordHash;
    const row = await trx.updateTable("members").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

    const after: MemberChange["after"] = toSnapshot(row);
    if (passwordHash !== undefined) after.passwordChanged = true;
    return { member: toTeamMember(row), before, after };
  });
}
