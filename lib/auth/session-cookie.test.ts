import { decode, encode } from "@auth/core/jwt";
import { beforeEach, describe, expect, it } from "vitest";
import { decodeSessionCookie, forgetDecodedCookies, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookieName, sessionCookieValue } from "@/lib/auth/session-cookie";

const SECRET = "s".repeat(40);
const OTHER = "o".repeat(40);
const claims = { sub: "7", sid: "a".repeat(32), sv: 3, aexp: 2_000_000_000, email: "ada@example.com" };

beforeEach(() => forgetDecodedCookies());

describe("the session cookie read without Auth.js", () => {
  it("reads what Auth.js wrote, exactly as Auth.js's own decode does", async () => {
    const token = await encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: 3600 });
    const ours = await decodeSessionCookie(token, SECRET, SESSION_COOKIE);
    expect(ours).toEqual(await decode({ token, secret: SECRET, salt: SESSION_COOKIE }));
    expect(ours).toMatchObject(claims);
    // The second read is the remembered one, and the same.
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE)).toEqual(ours);
  });

  it("refuses a cookie sealed with another secret, for the other cookie name, or tampered with", async () => {
    const token = await encode({ token: claims, secret: OTHER, salt: SESSION_COOKIE, maxAge: 3600 });
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE)).toBeNull();
    const ours = await encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: 3600 });
    expect(await decodeSessionCookie(ours, SECRET, SECURE_SESSION_COOKIE)).toBeNull();
    const parts = ours.split(".");
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith("AA") ? "BB" : "AA");
    expect(await decodeSessionCookie(parts.join("."), SECRET, SESSION_COOKIE)).toBeNull();
    expect(await decodeSessionCookie("not-a-jwe", SECRET, SESSION_COOKIE)).toBeNull();
  });

  it("reads a cookie sealed with a previous secret while secrets rotate", async () => {
    const token = await encode({ token: claims, secret: OTHER, salt: SESSION_COOKIE, maxAge: 3600 });
    expect(await decodeSessionCookie(token, [SECRET, OTHER], SESSION_COOKIE)).toMatchObject(claims);
  });

  it("refuses a cookie past its expiry, also when it was read before (15 s of clock tolerance, as Auth.js)", async () => {
    const now = Date.now();
    const token = await encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: 60 });
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE, now)).not.toBeNull();
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE, now + 70_000)).not.toBeNull();
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE, now + 80_000)).toBeNull();
    forgetDecodedCookies();
    expect(await decodeSessionCookie(token, SECRET, SESSION_COOKIE, now + 80_000)).toBeNull();
  });

  it("joins Auth.js's chunked cookies in order and refuses a gap", () => {
    const c = (name: string, value: string) => ({ name, value });
    expect(sessionCookieValue(SESSION_COOKIE, [c("other", "x"), c(SESSION_COOKIE, "whole")])).toBe("whole");
    expect(sessionCookieValue(SESSION_COOKIE, [c(`${SESSION_COOKIE}.1`, "B"), c(`${SESSION_COOKIE}.0`, "A"), c(`${SESSION_COOKIE}.2`, "C")])).toBe("ABC");
    expect(sessionCookieValue(SESSION_COOKIE, [c(`${SESSION_COOKIE}.0`, "A"), c(`${SESSION_COOKIE}.2`, "C")])).toBeNull();
    expect(sessionCookieValue(SESSION_COOKIE, [c(`${SESSION_COOKIE}.x`, "A")])).toBeNull();
    expect(sessionCookieValue(SESSION_COOKIE, [c(SECURE_SESSION_COOKIE, "secure")])).toBeNull();
    expect(sessionCookieValue(SESSION_COOKIE, [])).toBeNull();
  });

  it("picks the cookie name as Auth.js does: AUTH_URL first, then the forwarded protocol, else https", () => {
    expect(sessionCookieName("http", {})).toBe(SESSION_COOKIE);
    expect(sessionCookieName("https", {})).toBe(SECURE_SESSION_COOKIE);
    expect(sessionCookieName(null, {})).toBe(SECURE_SESSION_COOKIE);
    expect(sessionCookieName("http", { AUTH_URL: "https://console.example.com" })).toBe(SECURE_SESSION_COOKIE);
    expect(sessionCookieName("https", { NEXTAUTH_URL: "http://localhost:3000" })).toBe(SESSION_COOKIE);
  });
});
