import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import { createMember } from "@/lib/auth/members";
import { checkSession, endAllSessions, endSession, readClaims, refreshedToken, SESSION_LIFETIME_MS, startSession } from "@/lib/auth/sessions";

let conn: Kysely<Database>;
let memberId: number;

beforeAll(async () => {
  conn = await openTestDb();
  memberId = (await createMember(conn, { email: "sessions@example.com", name: "Sessions", role: "viewer", password: "sessions-password-1" })).id;
});
afterAll(async () => {
  await conn.destroy();
});

const T0 = Date.parse("2026-05-01T08:00:00.000Z");
const HOUR = 60 * 60 * 1000;

describe("server-side sessions", () => {
  it("lets a fresh session in, with the member as the store has them", async () => {
    const claims = await startSession(conn, memberId, "password", T0);
    expect(claims.aexp).toBe((T0 + SESSION_LIFETIME_MS) / 1000);
    const verdict = await checkSession(conn, claims, T0 + HOUR);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.member.email).toBe("sessions@example.com");
  });

  it("refuses a session at its absolute end, however active it was (fake clock)", async () => {
    const claims = await startSession(conn, memberId, "password", T0);
    expect((await checkSession(conn, claims, T0 + SESSION_LIFETIME_MS - 1)).ok).toBe(true);
    expect(await checkSession(conn, claims, T0 + SESSION_LIFETIME_MS)).toEqual({ ok: false, reason: "expired" });
    // Auth.js re-signs the token on activity; the end it carries does not move, and past it the
    // token is dropped rather than refreshed.
    const token = { sub: String(memberId), sid: claims.sid, sv: claims.sv, aexp: claims.aexp };
    expect(refreshedToken(token, T0 + 11 * HOUR)).toBe(token);
    expect(refreshedToken(token, T0 + 11 * HOUR)?.aexp).toBe(claims.aexp);
    expect(refreshedToken(token, T0 + 12 * HOUR)).toBeNull();
    expect(refreshedToken(token, T0 + 30 * 24 * HOUR)).toBeNull();
  });

  it("refuses the cookie of a signed-out session, and only that one", async () => {
    const a = await startSession(conn, memberId, "password", T0);
    const b = await startSession(conn, memberId, "sso", T0);
    await endSession(conn, a.sid);
    expect(await checkSession(conn, a, T0 + HOUR)).toEqual({ ok: false, reason: "ended" });
    expect((await checkSession(conn, b, T0 + HOUR)).ok).toBe(true);
  });

  it("ends every session of the member at once, and later sign-ins carry the new version", async () => {
    const a = await startSession(conn, memberId, "password", T0);
    const b = await startSession(conn, memberId, "password", T0);
    expect(await endAllSessions(conn, memberId)).toBeGreaterThanOrEqual(2);
    expect(await checkSession(conn, a, T0 + HOUR)).toEqual({ ok: false, reason: "ended" });
    expect(await checkSession(conn, b, T0 + HOUR)).toEqual({ ok: false, reason: "ended" });
    const c = await startSession(conn, memberId, "password", T0);
    expect(c.sv).toBe(a.sv + 1);
    expect((await checkSession(conn, c, T0 + HOUR)).ok).toBe(true);
  });

  it("refuses a cookie whose session version is stale even while its row exists", async () => {
    const a = await startSession(conn, memberId, "password", T0);
    await conn.updateTable("members").set((eb) => ({ session_version: eb("session_version", "+", 1) })).where("id", "=", memberId).execute();
    expect(await checkSession(conn, a, T0 + HOUR)).toEqual({ ok: false, reason: "ended" });
  });

  it("says inactive for a deactivated member, and refuses another member's session id", async () => {
    const other = await createMember(conn, { email: "other-sessions@example.com", name: "Other", role: "viewer", password: "sessions-password-1" });
    const mine = await startSession(conn, memberId, "password", T0);
    const theirs = await startSession(conn, other.id, "password", T0);
    expect(await checkSession(conn, { ...theirs, sid: mine.sid }, T0 + HOUR)).toEqual({ ok: false, reason: "ended" });
    await conn.updateTable("members").set({ active: false }).where("id", "=", other.id).execute();
    expect(await checkSession(conn, theirs, T0 + HOUR)).toEqual({ ok: false, reason: "inactive" });
  });

  it("sweeps ended rows when a session starts", async () => {
    await startSession(conn, memberId, "password", T0);
    await startSession(conn, memberId, "password", T0 + SESSION_LIFETIME_MS + 1);
    const rows = await conn.selectFrom("sessions").select("expires_at").execute();
    expect(rows.every((r) => r.expires_at.getTime() > T0 + SESSION_LIFETIME_MS + 1)).toBe(true);
  });

  it("reads only well-formed claims", () => {
    const good = { sub: "3", sid: "a".repeat(32), sv: 1, aexp: 1_900_000_000 };
    expect(readClaims(good)).toEqual({ memberId: 3, sid: good.sid, sv: 1, aexp: 1_900_000_000 });
    expect(readClaims({ sub: "3" })).toBeNull();
    expect(readClaims({ ...good, sid: "short" })).toBeNull();
    expect(readClaims({ ...good, sv: "1" })).toBeNull();
    expect(readClaims({ ...good, sub: "0" })).toBeNull();
    expect(readClaims({ ...good, aexp: undefined })).toBeNull();
    expect(readClaims(null)).toBeNull();
  });
});
