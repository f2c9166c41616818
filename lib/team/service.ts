import type { Kysely, Transaction } from "kysely";
import { countActiveAdmins, createMember, findMemberByEmail, findMemberById, listMembers } from "../auth/members";
import { hashPassword } from "../auth/password";
import { endAllSessions } from "../auth/sessions";
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

/** The acting admin was demoted or deactivated while the change was on its way (the handlers answer 403). */
export class ActorNotAdminError extends Error {
  readonly reason = "actor_not_admin";
  constructor() {
    super("You are no longer an active admin; the change was not made.");
    this.name = "ActorNotAdminError";
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
  /** An admin allowed SSO entry for this member (lib/auth/sso-identity.ts). */
  ssoAllowed: boolean;
  /** An SSO identity (issuer and subject) is bound to the member. */
  ssoLinked: boolean;
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
    ssoAllowed: row.sso_allowed === 1,
    ssoLinked: row.sso_subject !== null,
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

/**
 * Inside the change's transaction: the actor (null for the command-line tool) must still be an
 * active admin, since the role was checked when the request started.
 */
async function requireActiveAdmin(trx: Transaction<Database>, actor: { id: number } | null): Promise<void> {
  if (!actor) return;
  const row = await findMemberById(trx, actor.id);
  if (!row || row.active !== 1 || row.role !== "admin") throw new ActorNotAdminError();
}

/**
 * Adds a member. Without a password the member enters through SSO only, which the admin allows
 * explicitly by adding them (even outside the SSO allow-list).
 */
export async function addMember(
  conn: Kysely<Database>,
  input: CreateMemberBody,
  actor: { id: number } | null = null,
): Promise<{ member: TeamMember; after: MemberSnapshot }> {
  // Hash outside the transaction: scrypt is slow and the store serialises transactions.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let row: Member;
  try {
    row = await conn.transaction().execute(async (trx) => {
      await requireActiveAdmin(trx, actor);
      if (await findMemberByEmail(trx, input.email)) throw emailTaken(input.email);
      return createMember(trx, {
        ...input,
        password: null,
        ...(passwordHash ? { passwordHash } : {}),
        source: passwordHash ? "password" : "sso",
        ssoAllowed: !passwordHash,
      });
    });
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
  /** Set when the change ended the member's sessions: how many were live. */
  sessionsEnded?: number;
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
    await requireActiveAdmin(trx, actor);
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
    await trx.updateTable("members").set(values).where("id", "=", id).execute();
    // A new password, role or active flag ends every session the member has.
    let sessionsEnded: number | undefined;
    if (passwordHash !== undefined || changes.role !== undefined || changes.active !== undefined) {
      sessionsEnded = await endAllSessions(trx, id);
    }
    const row = (await findMemberById(trx, id))!;

    const after: MemberChange["after"] = toSnapshot(row);
    if (passwordHash !== undefined) after.passwordChanged = true;
    return { member: toTeamMember(row), before, after, ...(sessionsEnded !== undefined ? { sessionsEnded } : {}) };
  });
}

/**
 * Lets a member enter through SSO although they were created with a password (`allowed`), or
 * takes that back and forgets the bound SSO identity, so that the next SSO entry binds anew.
 */
export async function setSsoAccess(
  conn: Kysely<Database>,
  id: number,
  allowed: boolean,
  actor: { id: number } | null,
): Promise<MemberChange> {
  return conn.transaction().execute(async (trx) => {
    await requireActiveAdmin(trx, actor);
    const current = await findMemberById(trx, id);
    if (!current) throw new MemberNotFoundError(id);
    const before = toSnapshot(current);
    await trx
      .updateTable("members")
      .set({
        sso_allowed: allowed ? 1 : 0,
        ...(allowed ? {} : { sso_issuer: null, sso_subject: null }),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    // Taking SSO away also ends the sessions it may have opened.
    const sessionsEnded = allowed ? undefined : await endAllSessions(trx, id);
    const row = (await findMemberById(trx, id))!;
    return { member: toTeamMember(row), before, after: toSnapshot(row), ...(sessionsEnded !== undefined ? { sessionsEnded } : {}) };
  });
}

/** "Sign out everywhere": ends every session of the member; returns how many were live. */
export async function signOutEverywhere(conn: Kysely<Database>, id: number): Promise<number> {
  return conn.transaction().execute(async (trx) => {
    if (!(await findMemberById(trx, id))) throw new MemberNotFoundError(id);
    return endAllSessions(trx, id);
  });
}
