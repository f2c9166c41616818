import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, Member } from "@/lib/db/schema";
import { SESSION_ID_PATTERN } from "@/lib/rules/ids";

// Server-side sessions. The signed cookie carries the member id, a session id (`sid`), the
// member's session version (`sv`) at sign-in and an absolute end (`aexp`, seconds). A request is
// let in only while the session's row exists and has not reached its end, and the member's
// version is still the one in the cookie. Sign-out deletes the row; a password change, role
// change, deactivation or "sign out everywhere" bumps the version and deletes every row of the
// member. Auth.js re-signs the cookie on activity, but `aexp` is set once and never moves.

/** Absolute session lifetime from sign-in, whatever the activity. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type SessionMethod = "password" | "sso";

export interface SessionClaims {
  memberId: number;
  sid: string;
  sv: number;
  /** Absolute end, seconds since the epoch. */
  aexp: number;
}

type Conn = Kysely<Database> | Transaction<Database>;

/** Reads the claims from whatever carries them (the JWT or the session object), or null. */
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

/**
 * Auth.js's refresh of a cookie it decoded: the token as it is (its claims never change, so the
 * absolute end never moves), or null once that end has passed or when it is not one of ours.
 */
export function refreshedToken<T extends { sub?: unknown; sid?: unknown; sv?: unknown; aexp?: unknown }>(token: T, now = Date.now()): T | null {
  const claims = readClaims(token);
  if (!claims || now >= claims.aexp * 1000) return null;
  return token;
}

/** Starts a session for a member who just proved who they are; sweeps ended rows on the way. */
export async function startSession(conn: Conn, memberId: number, method: SessionMethod, now = Date.now()): Promise<SessionClaims> {
  const member = await conn.selectFrom("members").select(["session_version"]).where("id", "=", memberId).executeTakeFirstOrThrow();
  const sid = randomBytes(24).toString("base64url");
  const expiresAt = now + SESSION_LIFETIME_MS;
  await conn.deleteFrom("sessions").where("expires_at", "<=", new Date(now).toISOString()).execute();
  await conn
    .insertInto("sessions")
    .values({ id: sid, member_id: memberId, method, created_at: new Date(now).toISOString(), expires_at: new Date(expiresAt).toISOString() })
    .execute();
  return { memberId, sid, sv: member.session_version, aexp: Math.floor(expiresAt / 1000) };
}

/** Sign-out: this session only. */
export async function endSession(conn: Conn, sid: string): Promise<void> {
  await conn.deleteFrom("sessions").where("id", "=", sid).execute();
}

/** Ends every session of a member (in the caller's transaction when given one); returns how many were live. */
export async function endAllSessions(conn: Conn, memberId: number): Promise<number> {
  await conn
    .updateTable("members")
    .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
    .where("id", "=", memberId)
    .execute();
  const deleted = await conn.deleteFrom("sessions").where("member_id", "=", memberId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export type SessionVerdict =
  | { ok: true; member: Member }
  | { ok: false; reason: "no_session" | "expired" | "ended" | "inactive" };

/**
 * The decision, given the claims, the session's row (undefined when there is none) and the member
 * (undefined when gone). `now` is milliseconds since the epoch.
 */
export function judgeSession(
  claims: SessionClaims | null,
  row: { member_id: number; expires_at: string } | undefined,
  member: Member | undefined,
  now: number,
): SessionVerdict {
  if (!claims) return { ok: false, reason: "no_session" };
  if (now >= claims.aexp * 1000) return { ok: false, reason: "expired" };
  if (!member) return { ok: false, reason: "ended" };
  if (!member.active) return { ok: false, reason: "inactive" };
  if (!row || row.member_id !== claims.memberId || now >= Date.parse(row.expires_at)) return { ok: false, reason: "ended" };
  if (member.session_version !== claims.sv) return { ok: false, reason: "ended" };
  return { ok: true, member };
}

/** Loads what judgeSession needs and judges. */
export async function checkSession(conn: Conn, claims: SessionClaims | null, now = Date.now()): Promise<SessionVerdict> {
  if (!claims) return { ok: false, reason: "no_session" };
  const [member, row] = await Promise.all([
    conn.selectFrom("members").selectAll().where("id", "=", claims.memberId).executeTakeFirst(),
    conn.selectFrom("sessions").select(["member_id", "expires_at"]).where("id", "=", claims.sid).executeTakeFirst(),
  ]);
  return judgeSession(claims, row, member, now);
}
