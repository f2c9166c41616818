import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/row";
import { createKeyBodySchema, type CreateKeyInput } from "@/lib/apikeys/schemas";
import { authenticateKey, createApiKey, keyActorName, LAST_USE_EVERY_MS, listApiKeys, revokeApiKey } from "@/lib/apikeys/service";
import { hashSecret } from "@/lib/apikeys/secret";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";
import { createMember } from "@/lib/auth/members";

let conn: Kysely<Database>;
const audited: Omit<AuditEntry, "actor" | "requestId" | "ip">[] = [];
const ctx = { actor: { id: 1, email: "ayse@demo.local" }, audit: async (e: (typeof audited)[number]) => void audited.push(e) };
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
let ayse: { id: number; name: string };

const create = (input: Partial<CreateKeyInput> = {}, now = NOW) =>
  createApiKey(conn, createKeyBodySchema.parse({ name: "ERP sync", role: "operator", expiresOn: "2027-01-01", ...input }), ctx, ayse, { now });

beforeAll(async () => {
  conn = await openTestDb();
  ayse = await createMember(conn, { email: "ayse@keys.test", name: "Ayşe Admin", role: "admin" });
});
afterAll(async () => {
  await conn.destroy();
});

describe("createApiKey", () => {
  it("shows the secret once, stores only its hash, and audits the key in words", async () => {
    const { key, secret } = await create();
    expect(key).toMatchObject({ name: "ERP sync", role: "operator", state: "active", createdBy: "Ayşe Admin", expiresAt: "2027-01-01T00:00:00.000Z", lastUsedAt: null });
    expect(secret.startsWith(key.displayPrefix)).toBe(true);
    const row = await conn.selectFrom("api_keys").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(await listApiKeys(conn, NOW))).not.toContain(row.secret_hash);
    expect(audited.at(-1)).toMatchObject({ action: "apikey.create", target: { type: "api_key", id: key.id }, message: "API key ERP sync created, operator, expires 2027-01-01" });
    expect(JSON.stringify(audited.at(-1))).not.toContain(secret.slice(6));
  });

  it("refuses an expiry that is not ahead, or more than two years ahead, naming the field", async () => {
    await expect(create({ expiresOn: "2026-11-26" })).rejects.toMatchObject({ code: "validation_failed", extra: { fieldCodes: { expiresOn: [{ code: "validation.keys.expiryPast" }] } } });
    await expect(create({ expiresOn: "2028-12-01" })).rejects.toMatchObject({ code: "validation_failed", extra: { fieldCodes: { expiresOn: [{ code: "validation.keys.expiryTooFar" }] } } });
  });

  it("keeps the allow-list normalised and says it in the trail", async () => {
    const { key } = await create({ name: "Shop", allowedAddresses: ["203.0.113.9/24", "10.0.0.1"] });
    expect(key.allowedAddresses).toEqual(["203.0.113.0/24", "10.0.0.1"]);
    expect(audited.at(-1)?.message).toBe("API key Shop created, operator, expires 2027-01-01, from 203.0.113.0/24, 10.0.0.1 only");
  });
});

describe("authenticateKey", () => {
  it("admits a live key and names it as its creator's key", async () => {
    const { secret } = await create({ name: "Nightly" });
    const verdict = await authenticateKey(conn, secret, "198.51.100.4", NOW);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(keyActorName(verdict.key)).toBe("key Nightly, created by Ayşe Admin");
  });

  it("refuses unknown, malformed, expired, revoked and out-of-list callers", async () => {
    const { secret } = await create({ name: "Short", expiresOn: "2026-11-27" });
    expect(await authenticateKey(conn, secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a"), "1.2.3.4", NOW)).toEqual({ ok: false, reason: "unknown" });
    expect(await authenticateKey(conn, "not a key", "1.2.3.4", NOW)).toEqual({ ok: false, reason: "unknown" });
    expect(await authenticateKey(conn, secret, "1.2.3.4", Date.UTC(2026, 10, 27))).toEqual({ ok: false, reason: "expired" });
    const revoked = await create({ name: "Gone" });
    await revokeApiKey(conn, revoked.key.id, ctx, "Ayşe Admin", NOW);
    expect(await authenticateKey(conn, revoked.secret, "1.2.3.4", NOW + 1)).toEqual({ ok: false, reason: "revoked" });
    const fenced = await create({ name: "Fenced", allowedAddresses: ["203.0.113.0/24"] });
    expect(await authenticateKey(conn, fenced.secret, "203.0.114.1", NOW)).toEqual({ ok: false, reason: "address" });
    expect((await authenticateKey(conn, fenced.secret, "203.0.113.50", NOW)).ok).toBe(true);
  });

  it("refuses, as unknown to the caller, a key whose creator is no longer an active admin, even when the key row says active", async () => {
    const creator = await createMember(conn, { email: "kaan@keys.test", name: "Kaan Admin", role: "admin" });
    const byKaan = () => createApiKey(conn, createKeyBodySchema.parse({ name: "Kaan sync", role: "operator", expiresOn: "2027-01-01" }), ctx, creator, { now: NOW });
    const setKaan = (values: { active?: boolean; role?: "admin" | "operator" }) => conn.updateTable("members").set(values).where("id", "=", creator.id).execute();
    const { secret } = await byKaan();
    expect((await authenticateKey(conn, secret, "1.2.3.4", NOW)).ok).toBe(true);
    await setKaan({ active: false });
    expect(await authenticateKey(conn, secret, "1.2.3.4", NOW)).toEqual({ ok: false, reason: "creator" });
    await setKaan({ active: true, role: "operator" });
    expect(await authenticateKey(conn, secret, "1.2.3.4", NOW)).toEqual({ ok: false, reason: "creator" });
    await setKaan({ role: "admin" });
    expect((await authenticateKey(conn, secret, "1.2.3.4", NOW)).ok).toBe(true);
    await conn.deleteFrom("members").where("id", "=", creator.id).execute();
    expect(await authenticateKey(conn, secret, "1.2.3.4", NOW)).toEqual({ ok: false, reason: "creator" });
    // A key made by the team CLI has no member behind it and keeps working.
    const cli = await createApiKey(conn, createKeyBodySchema.parse({ name: "CLI made", role: "viewer", expiresOn: "2027-01-01" }), ctx, { id: null, name: "the team CLI" }, { now: NOW });
    expect((await authenticateKey(conn, cli.secret, "1.2.3.4", NOW)).ok).toBe(true);
  });

  it("records last use (when and from where) at most once a minute", async () => {
    const { key, secret } = await create({ name: "Busy" });
    const lastUse = async () => (await listApiKeys(conn)).items.find((k) => k.id === key.id)!;
    await authenticateKey(conn, secret, "198.51.100.1", NOW);
    expect(await lastUse()).toMatchObject({ lastUsedAt: new Date(NOW).toISOString(), lastUsedFrom: "198.51.100.1" });
    await authenticateKey(conn, secret, "198.51.100.2", NOW + LAST_USE_EVERY_MS - 1);
    expect((await lastUse()).lastUsedFrom).toBe("198.51.100.1");
    await authenticateKey(conn, secret, "198.51.100.3", NOW + LAST_USE_EVERY_MS);
    expect(await lastUse()).toMatchObject({ lastUsedAt: new Date(NOW + LAST_USE_EVERY_MS).toISOString(), lastUsedFrom: "198.51.100.3" });
  });
});

describe("revokeApiKey", () => {
  it("revokes once, audits once, and says not found for an unknown id", async () => {
    const { key } = await create({ name: "Once" });
    const before = audited.length;
    expect((await revokeApiKey(conn, key.id, ctx, "Ayşe Admin", NOW)).revoked).toBe(true);
    const again = await revokeApiKey(conn, key.id, ctx, "Someone Else", NOW + 5);
    expect(again).toMatchObject({ revoked: false, key: { state: "revoked", revokedBy: "Ayşe Admin" } });
    expect(audited.slice(before).map((e) => e.message)).toEqual(["API key Once revoked"]);
    await expect(revokeApiKey(conn, "00000000-0000-4000-8000-000000000000", ctx, "x")).rejects.toMatchObject({ code: "not_found" });
  });
});
