import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import { cliContext } from "@/lib/team/cli-audit";
import { setSsoAccess } from "@/lib/team/service";
import { createMember, findMemberByEmail } from "@/lib/auth/members";
import { parseAllowList } from "@/lib/rules/sso-allow";
import { admitSsoProfile, readSsoProfile, type SsoPolicy } from "@/lib/auth/sso-identity";

const ISSUER = "https://idp.example";
const policy: SsoPolicy = {
  issuer: ISSUER,
  allow: parseAllowList("boss@acme.test:admin, @acme.test:viewer").entries,
  trustUnverifiedEmail: false,
};
const profile = (email: string, extra: Record<string, unknown> = {}) => ({ iss: ISSUER, sub: `sub-${email}`, email, email_verified: true, name: "Some One", ...extra });

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
});
afterAll(async () => {
  await conn.destroy();
});

const refusal = (r: Awaited<ReturnType<typeof admitSsoProfile>>) => (r.decision.ok ? null : r.decision.reason);

describe("reading the provider's claims", () => {
  it("needs email_verified to be exactly true", () => {
    expect(readSsoProfile(profile("a@acme.test"), policy).ok).toBe(true);
    for (const value of [undefined, false, "true", "false", 1, null]) {
      expect(readSsoProfile(profile("a@acme.test", { email_verified: value }), policy)).toMatchObject({ ok: false, reason: "email not verified" });
    }
  });

  it("accepts an unverified email only when the provider is trusted for it", () => {
    const trusting = { ...policy, trustUnverifiedEmail: true };
    expect(readSsoProfile(profile("a@acme.test", { email_verified: undefined }), trusting).ok).toBe(true);
  });

  it("validates the email and the name like the Team page does", () => {
    expect(readSsoProfile(profile("\u212Aim@acme.test"), policy)).toMatchObject({ ok: false, reason: "invalid email" });
    expect(readSsoProfile(profile("kim@acme.test\u200b"), policy)).toMatchObject({ ok: false, reason: "invalid email" });
    expect(readSsoProfile(profile("not-an-email"), policy)).toMatchObject({ ok: false, reason: "invalid email" });
    expect(readSsoProfile(profile("a@acme.test", { name: "Evil \u202Eadmin" }), policy)).toMatchObject({ ok: false, reason: "invalid name" });
    expect(readSsoProfile(profile("a@acme.test", { name: "x".repeat(101) }), policy)).toMatchObject({ ok: false, reason: "invalid name" });
    expect(readSsoProfile(profile("a@acme.test", { name: undefined }), policy)).toMatchObject({ ok: true, identity: { name: "a@acme.test" } });
    expect(readSsoProfile(profile(" Kim@ACME.test "), policy)).toMatchObject({ ok: true, identity: { email: "kim@acme.test" } });
  });

  it("needs a subject", () => {
    expect(readSsoProfile(profile("a@acme.test", { sub: undefined }), policy)).toMatchObject({ ok: false, reason: "no subject" });
    expect(readSsoProfile(profile("a@acme.test", { sub: "" }), policy)).toMatchObject({ ok: false, reason: "no subject" });
  });
});

describe("admitting an SSO identity", () => {
  it("creates an allow-listed newcomer bound to the provider's subject, with the listed role", async () => {
    const r = await admitSsoProfile(conn, profile("boss@acme.test"), policy);
    expect(r.decision).toMatchObject({ ok: true, kind: "create" });
    expect(r.member).toMatchObject({ email: "boss@acme.test", role: "admin", source: "sso", sso_issuer: ISSUER, sso_subject: "sub-boss@acme.test" });
    // Next time the same identity enters as the same member.
    const again = await admitSsoProfile(conn, profile("boss@acme.test"), policy);
    expect(again.decision).toMatchObject({ ok: true, kind: "enter", bind: false });
    expect(again.member?.id).toBe(r.member!.id);
  });

  it("refuses another subject for a bound member's email", async () => {
    const r = await admitSsoProfile(conn, profile("boss@acme.test", { sub: "someone-else" }), policy);
    expect(refusal(r)).toBe("another identity is bound to this member");
    const otherIssuer = await admitSsoProfile(conn, profile("boss@acme.test", { iss: "https://other.example" }), policy);
    expect(refusal(otherIssuer)).toBe("another identity is bound to this member");
  });

  it("refuses a bound identity that now asserts another email", async () => {
    const r = await admitSsoProfile(conn, profile("new-name@acme.test", { sub: "sub-boss@acme.test" }), policy);
    expect(refusal(r)).toBe("identity bound to another member");
    expect(await findMemberByEmail(conn, "new-name@acme.test")).toBeUndefined();
  });

  it("refuses anyone outside the allow-list", async () => {
    expect(refusal(await admitSsoProfile(conn, profile("someone@evil.test"), policy))).toBe("not on the allow-list");
  });

  it("never signs an SSO identity into a password member unless an admin linked them", async () => {
    const pw = await createMember(conn, { email: "pw@acme.test", name: "Password Member", role: "admin", password: "a-long-password-1" });
    const refused = await admitSsoProfile(conn, profile("pw@acme.test"), policy);
    expect(refusal(refused)).toBe("password member not linked to SSO");
    expect(refused.decision).toMatchObject({ memberId: pw.id });

    await setSsoAccess(conn, pw.id, true, cliContext(conn));
    const linked = await admitSsoProfile(conn, profile("pw@acme.test"), policy);
    expect(linked.decision).toMatchObject({ ok: true, kind: "enter", bind: true });
    expect(linked.member).toMatchObject({ id: pw.id, role: "admin", source: "both", sso_subject: "sub-pw@acme.test" });
    expect(refusal(await admitSsoProfile(conn, profile("pw@acme.test", { sub: "impostor" }), policy))).toBe("another identity is bound to this member");

    // Unlinking forgets the identity: the next entry is refused again.
    await setSsoAccess(conn, pw.id, false, cliContext(conn));
    expect(refusal(await admitSsoProfile(conn, profile("pw@acme.test"), policy))).toBe("password member not linked to SSO");
  });

  it("keeps applying the allow-list to existing members, unless an admin allowed the member", async () => {
    const outside = await createMember(conn, { email: "ext@partner.test", name: "External", role: "viewer", source: "sso" });
    expect(refusal(await admitSsoProfile(conn, profile("ext@partner.test"), policy))).toBe("not on the allow-list");
    await setSsoAccess(conn, outside.id, true, cliContext(conn));
    expect((await admitSsoProfile(conn, profile("ext@partner.test"), policy)).decision).toMatchObject({ ok: true, kind: "enter" });
  });

  it("refuses a deactivated member", async () => {
    const m = await createMember(conn, { email: "gone@acme.test", name: "Gone", role: "viewer", source: "sso" });
    await conn.updateTable("members").set({ active: false }).where("id", "=", m.id).execute();
    expect(refusal(await admitSsoProfile(conn, profile("gone@acme.test"), policy))).toBe("deactivated");
  });

  it("refuses an email that only folds into an allowed one, and creates nobody", async () => {
    expect(refusal(await admitSsoProfile(conn, profile("\u212Aelvin@acme.test"), policy))).toBe("invalid email");
    expect(await findMemberByEmail(conn, "kelvin@acme.test")).toBeUndefined();
  });
});
