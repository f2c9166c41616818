import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { Member } from "@/lib/auth/tables";
import { announceSessionChange } from "@/lib/auth/session-cache";
import { SESSION_ID_PATTERN } from "@/lib/rules/ids";

// Server-side sessions: a request counts only while its row lives, its end has not passed and the member's version matches the cookie's.

export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type SessionMethod = "password" | "sso";

export interface SessionClaims {
  memberId: number;
  sid: string;
  sv: number;
  aexp: number;
}

type Conn = Kysely<Database> | Transaction<Database>;

export function readClaims(source: { sub?: unknown; id?: unknown; sid?: unknown; sv?: unknown; aexp?: unknown } | null | undefined): SessionClaims | null {
  if (!source) return null;
  const memberId = Number(source.sub ?? source.id);
  const { sid, sv, aexp } = source;
  if (!Number.isSafeInteger(memberId) || memberId < 1) return null;
  if (typeof sid !== "string" || !SESSION_ID_PATTERN.test(sid)) return null;
  if (typeof sv !== "number" || !Number.isSafeInteger(sv)) return null;
  if (typeof aexp !== "number" || !Number.isFinite(aexp)) return null;
  return { memberId, sid, sv, aexp };
}

export function refreshedToken<T extends { sub?: unknown; sid?: unknown; sv?: unknown; aexp?: unknown }>(token: T, now = Date.now()): T | null {
  const claims = readClaims(token);
  if (!claims || now >= claims.aexp * 1000) return null;
  return token;
}

export async function startSession(conn: Conn, memberId: number, method: SessionMethod, now = Date.now()): Promise<SessionClaims> {
  const member = await conn.selectFrom("members").select(["session_version"]).where("id", "=", memberId).executeTakeFirstOrThrow();
  const sid = randomBytes(24).toString("base64url");
  const expiresAt = now + SESSION_LIFETIME_MS;
  await conn.deleteFrom("sessions").where("expires_at", "<=", new Date(now)).execute();
  await conn
    .insertInto("sessions")
    .values({ id: sid, member_id: memberId, method, created_at: new Date(now), expires_at: new Date(expiresAt) })
    .execute();
  return { memberId, sid, sv: member.session_version, aexp: Math.floor(expiresAt / 1000) };
}

export async function endSession(conn: Conn, sid: string): Promise<void> {
  await conn.deleteFrom("sessions").where("id", "=", sid).execute();
  await announceSessionChange(conn);
}

export async function endAllSessions(conn: Conn, memberId: number): Promise<number> {
  await conn
    .updateTable("members")
    .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
    .where("id", "=", memberId)
    .execute();
  const deleted = await conn.deleteFrom("sessions").where("member_id", "=", memberId).executeTakeFirst();
  await announceSessionChange(conn);
  return Number(deleted.numDeletedRows);
}

export type SessionVerdict =
  | { ok: true; member: Member }
  | { ok: false; reason: "no_session" | "expired" | "ended" | "inactive" };

export function judgeSession(
  claims: SessionClaims | null,
  row: { member_id: number; expires_at: Date } | undefined,
  member: Member | undefined,
  now: number,
): SessionVerdict {
  if (!claims) return { ok: false, reason: "no_session" };
  if (now >= claims.aexp * 1000) return { ok: false, reason: "expired" };
  if (!member) return { ok: false, reason: "ended" };
  if (!member.active) return { ok: false, reason: "inactive" };
  if (!row || row.member_id !== claims.memberId || now >= row.expires_at.getTime()) return { ok: false, reason: "ended" };
  if (member.session_version !== claims.sv) return { ok: false, reason: "ended" };
  return { ok: true, member };
}

export interface SessionLookup {
  member: Member;
  row: { member_id: number; expires_at: Date } | undefined;
}

export async function lookupSession(conn: Conn, claims: SessionClaims): Promise<SessionLookup | undefined> {
  const found = await conn
    .selectFrom("members")
    .leftJoin("sessions", (join) => join.on("sessions.id", "=", claims.sid))
    .selectAll("members")
    .select(["sessions.member_id as session_member_id", "sessions.expires_at as session_expires_at"])
    .where("members.id", "=", claims.memberId)
    .executeTakeFirst();
  if (!found) return undefined;
  const { session_member_id, session_expires_at, ...member } = found;
  const row = session_member_id === null || session_expires_at === null ? undefined : { member_id: session_member_id, expires_at: session_expires_at };
  return { member, row };
}

export function judgeLookup(claims: SessionClaims | null, found: SessionLookup | undefined, now: number): SessionVerdict {
  return judgeSession(claims, found?.row, found?.member, now);
}

export async function checkSession(conn: Conn, claims: SessionClaims | null, now = Date.now()): Promise<SessionVerdict> {
  if (!claims) return { ok: false, reason: "no_session" };
  return judgeLookup(claims, await lookupSession(conn, claims), now);
}
