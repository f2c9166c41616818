import type { Kysely, Transaction } from "kysely";
import { auditCreatorRevocations, liveKeyCounts, revokeKeysCreatedBy, type CreatorChange } from "@/lib/apikeys/service";
import type { AuditPort, ServiceContext } from "@/lib/audit";
import { createMember, findMemberByEmail, findMemberById } from "@/lib/auth/members";
import { hashPassword, passwordWeakness } from "@/lib/auth/password";
import { endAllSessions } from "@/lib/auth/sessions";
import type { ApiKey } from "@/lib/apikeys/schemas";
import type { Database } from "@/lib/store/schema";
import type { Member, MemberUpdate } from "@/lib/auth/tables";
import { validationFailed } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";
import type { CreateMemberBody, TeamList, TeamListState, TeamMember, UpdateMemberBody } from "@/lib/team/schemas";
import { countActiveAdmins, lockTeam, memberRows, updateMemberRow } from "@/lib/team/store";

// No "server-only": the team CLI runs this module under plain Node. No password hash leaves it.

export type TeamRuleReason = "email_taken" | "self_change" | "last_admin";

export class TeamRuleError extends DomainError {
  constructor(
    readonly reason: TeamRuleReason,
    message: string,
    readonly field?: "email" | "role" | "active",
  ) {
    super("conflict", message, { reason, ...(field ? { errors: { [field]: [message] } } : {}) });
    this.name = "TeamRuleError";
  }
}

export class ActorNotAdminError extends DomainError {
  readonly reason = "actor_not_admin";
  constructor() {
    super("forbidden", "You are no longer an active admin; the change was not made.", { reason: "actor_not_admin", requiredRole: "admin" });
    this.name = "ActorNotAdminError";
  }
}

export class MemberNotFoundError extends DomainError {
  constructor(readonly id: number) {
    super("not_found", `No team member has id ${id}.`);
    this.name = "MemberNotFoundError";
  }
}

export interface MemberSnapshot {
  id: number;
  email: string;
  name: string;
  role: Member["role"];
  active: boolean;
  source: string;
  hasPassword: boolean;
  ssoAllowed: boolean;
  ssoLinked: boolean;
}

export function toSnapshot(row: Member): MemberSnapshot {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    source: row.source,
    hasPassword: row.password_hash !== null,
    ssoAllowed: row.sso_allowed,
    ssoLinked: row.sso_subject !== null,
  };
}

export function toTeamMember(row: Member, liveKeys = 0): TeamMember {
  return { ...toSnapshot(row), liveKeys, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

async function withKeyCounts(conn: Kysely<Database>, rows: Member[]): Promise<TeamMember[]> {
  const counts = await liveKeyCounts(conn, rows.map((r) => r.id));
  return rows.map((r) => toTeamMember(r, counts.get(r.id) ?? 0));
}

export async function listTeam(conn: Kysely<Database>): Promise<TeamMember[]> {
  return withKeyCounts(conn, (await memberRows(conn)).rows);
}

export async function listTeamPage(conn: Kysely<Database>, query: TeamListState): Promise<TeamList> {
  const { rows, total } = await memberRows(conn, query);
  return { items: await withKeyCounts(conn, rows), total };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505";
}

function emailTaken(email: string): TeamRuleError {
  return new TeamRuleError("email_taken", `A team member with the email ${email} already exists.`, "email");
}

const CLI_NAME = "the team CLI";

// The first step of every team write: its checks (the actor is an admin, never the last admin) see every change before it.
async function requireActiveAdmin(trx: Transaction<Database>, ctx: ServiceContext): Promise<{ name: string }> {
  await lockTeam(trx);
  if (ctx.actor.id === null) return { name: CLI_NAME };
  const row = await findMemberById(trx, ctx.actor.id);
  if (!row || !row.active || row.role !== "admin") throw new ActorNotAdminError();
  return row;
}

async function auditRefusal<T>(ctx: ServiceContext, entry: Omit<Parameters<AuditPort>[0], "outcome">, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof TeamRuleError || error instanceof ActorNotAdminError) {
      await ctx.audit({ ...entry, outcome: "failure", message: error.message, details: { reason: error.reason, ...(entry.details as object) } });
    }
    throw error;
  }
}

// The common list is English: a Turkish season or month with a year ("Sonbahar2026!") would pass as random letters.
const LOCAL_WORDS = ["labs", "console", "ilkbahar", "yaz", "sonbahar", "kış", "kis", "ocak", "şubat", "subat", "mart", "nisan", "mayıs", "mayis", "haziran", "temmuz", "ağustos", "agustos", "eylül", "eylul", "ekim", "kasım", "kasim", "aralık", "aralik"];

async function knownWords(conn: Kysely<Database>, owner: { email?: string; name?: string }): Promise<string[]> {
  const team = await conn.selectFrom("members").select("email").execute();
  const emails = [owner.email, ...team.map((m) => m.email)].flatMap((e) => [e, e?.split("@")[0]]);
  const words = [...emails, owner.name, ...(owner.name?.split(/\s+/) ?? []), ...LOCAL_WORDS];
  return [...new Set(words.filter((w): w is string => !!w && w.length >= 3).map((w) => w.toLowerCase()))];
}

async function requireStrongPassword(conn: Kysely<Database>, password: string, owner: { email?: string; name?: string }): Promise<void> {
  const weakness = await passwordWeakness(password, await knownWords(conn, owner));
  if (!weakness) return;
  throw validationFailed({ password: [{ code: weakness === "common" ? "validation.team.passwordCommon" : "validation.team.passwordWeak" }] }, { where: "body" });
}

export async function addMember(conn: Kysely<Database>, input: CreateMemberBody, ctx: ServiceContext): Promise<{ member: TeamMember; after: MemberSnapshot }> {
  if (input.password) await requireStrongPassword(conn, input.password, input);
  // Hashed outside the transaction: scrypt is slow and the store serialises transactions.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const row = await auditRefusal(ctx, { action: "member.create", details: { email: input.email, role: input.role } }, async () => {
    try {
      return await conn.transaction().execute(async (trx) => {
        await requireActiveAdmin(trx, ctx);
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
  });
  const after = toSnapshot(row);
  await ctx.audit({ action: "member.create", target: { type: "member", id: row.id }, outcome: "success", after });
  return { member: toTeamMember(row), after };
}

export interface MemberChange {
  member: TeamMember;
  before: MemberSnapshot;
  after: MemberSnapshot & { passwordChanged?: true };
  sessionsEnded?: number;
  keysRevoked?: ApiKey[];
}

// No self-demotion, and never the last active admin, so someone can always manage the console.
export async function changeMember(conn: Kysely<Database>, id: number, changes: UpdateMemberBody, ctx: ServiceContext): Promise<MemberChange> {
  if (changes.password !== undefined) {
    const owner = await findMemberById(conn, id);
    await requireStrongPassword(conn, changes.password, { email: owner?.email, name: changes.name ?? owner?.name });
  }
  const passwordHash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;
  const { password, ...asked } = changes;
  const target = { type: "member", id };
  const refusal = { action: "member.update", target, details: { asked: { ...asked, ...(password !== undefined ? { passwordChanged: true } : {}) } } };

  const change = await auditRefusal(ctx, refusal, () =>
    conn.transaction().execute(async (trx) => {
      const actor = await requireActiveAdmin(trx, ctx);
      const current = await findMemberById(trx, id);
      if (!current) throw new MemberNotFoundError(id);
      const before = toSnapshot(current);

      const demotes = changes.role !== undefined && changes.role !== "admin" && before.role === "admin";
      const deactivates = changes.active === false && before.active;
      if (ctx.actor.id === id && (demotes || deactivates)) {
        throw new TeamRuleError("self_change", "You cannot change your own role or deactivate yourself; ask another admin.", demotes ? "role" : "active");
      }
      if (before.role === "admin" && before.active && (demotes || deactivates) && (await countActiveAdmins(trx)) <= 1) {
        throw new TeamRuleError("last_admin", `${current.email} is the last active admin; make another member an admin first.`, demotes ? "role" : "active");
      }

      const values: Omit<MemberUpdate, "updated_at"> = {};
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.role !== undefined) values.role = changes.role;
      if (changes.active !== undefined) values.active = changes.active;
      if (passwordHash !== undefined) values.password_hash = passwordHash;
      await updateMemberRow(trx, id, values);
      const endsSessions = passwordHash !== undefined || changes.role !== undefined || changes.active !== undefined;
      const sessionsEnded = endsSessions ? await endAllSessions(trx, id) : undefined;
      // Keys are made by admins: a member who may no longer make them keeps none of theirs working.
      const keysRevoked = deactivates || demotes ? await revokeKeysCreatedBy(trx, id, actor.name) : undefined;
      const row = (await findMemberById(trx, id))!;
      const liveKeys = (await liveKeyCounts(trx, [id])).get(id) ?? 0;

      const after: MemberChange["after"] = toSnapshot(row);
      if (passwordHash !== undefined) after.passwordChanged = true;
      return { member: toTeamMember(row, liveKeys), before, after, ...(sessionsEnded !== undefined ? { sessionsEnded } : {}), ...(keysRevoked ? { keysRevoked } : {}) };
    }),
  );
  const keysRevoked = change.keysRevoked ?? [];
  await ctx.audit({ action: "member.update", target, outcome: "success", before: change.before, after: change.after, ...(keysRevoked.length ? { details: { keysRevoked: keysRevoked.length } } : {}) });
  const reason: CreatorChange = change.before.active && !change.after.active ? "creator_deactivated" : "creator_demoted";
  await auditCreatorRevocations(ctx, keysRevoked, reason, { id, name: change.member.name });
  return change;
}

export async function setSsoAccess(conn: Kysely<Database>, id: number, allowed: boolean, ctx: ServiceContext): Promise<MemberChange> {
  const change = await conn.transaction().execute(async (trx) => {
    await requireActiveAdmin(trx, ctx);
    const current = await findMemberById(trx, id);
    if (!current) throw new MemberNotFoundError(id);
    const before = toSnapshot(current);
    await updateMemberRow(trx, id, { sso_allowed: allowed, ...(allowed ? {} : { sso_issuer: null, sso_subject: null }) });
    // Taking SSO away also ends the sessions it may have opened.
    const sessionsEnded = allowed ? undefined : await endAllSessions(trx, id);
    const row = (await findMemberById(trx, id))!;
    const liveKeys = (await liveKeyCounts(trx, [id])).get(id) ?? 0;
    return { member: toTeamMember(row, liveKeys), before, after: toSnapshot(row), ...(sessionsEnded !== undefined ? { sessionsEnded } : {}) };
  });
  const { before, after, sessionsEnded } = change;
  await ctx.audit({ action: "member.update", target: { type: "member", id }, outcome: "success", before, after, ...(sessionsEnded !== undefined ? { details: { sessionsEnded } } : {}) });
  return change;
}

export async function signOutEverywhere(conn: Kysely<Database>, id: number, ctx?: ServiceContext): Promise<number> {
  const sessionsEnded = await conn.transaction().execute(async (trx) => {
    if (!(await findMemberById(trx, id))) throw new MemberNotFoundError(id);
    return endAllSessions(trx, id);
  });
  await ctx?.audit({ action: "auth.sign_out", target: { type: "member", id }, outcome: "success", details: { scope: "everywhere", sessionsEnded } });
  return sessionsEnded;
}
