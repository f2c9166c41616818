import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentMember } from "@/lib/auth/session";
import { sealClientIp } from "@/lib/server/client-address";
import { cliContext } from "@/lib/team/cli-audit";
import { createMemberBodySchema } from "@/lib/team/schemas";
import { addMember } from "@/lib/team/service";
import { callRoute, startInProcessConsole, type InProcessConsole } from "@/test/in-process-console";

// N-5: a key stops working when its creator is deactivated or demoted, through the real routes, store and wrapper.

const session = stubDoors({ member: null as CurrentMember | null });

let app: InProcessConsole;
let ada: CurrentMember;

const expiresOn = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const keyHeaders = (secret: string) => ({ authorization: `Bearer ${secret}`, "x-labs-client-ip": sealClientIp("198.51.100.20") });
const useKey = (secret: string) => callRoute("GET", "/api/v1/transfers", undefined, keyHeaders(secret));

async function addAdmin(email: string, name: string): Promise<CurrentMember> {
  const { member } = await addMember(app.store.db, createMemberBodySchema.parse({ email, name, role: "admin" }), cliContext(app.store.db));
  return { id: member.id, email: member.email, name: member.name, role: "admin" };
}

async function keyBy(creator: CurrentMember, name: string): Promise<{ id: string; secret: string }> {
  session.member = creator;
  const res = await callRoute("POST", "/api/keys", { name, role: "operator", expiresOn: expiresOn() });
  expect(res.status).toBe(201);
  const body = await res.json();
  session.member = ada;
  return { id: body.key.id, secret: body.secret };
}

async function listedKey(id: string) {
  const res = await callRoute("GET", "/api/keys");
  return ((await res.json()).items as { id: string; state: string; revokedBy: string | null }[]).find((k) => k.id === id);
}

async function liveKeysOf(memberId: number): Promise<number> {
  const items = (await (await callRoute("GET", "/api/team")).json()).items as { id: number; liveKeys: number }[];
  return items.find((m) => m.id === memberId)!.liveKeys;
}

async function revocationsOf(keyId: string) {
  return app.store.db.selectFrom("audit_events").selectAll().where("action", "=", "apikey.revoke").where("target_id", "=", keyId).execute();
}

beforeAll(async () => {
  app = await startInProcessConsole("key-creator");
  const row = await app.store.db.selectFrom("members").selectAll().where("id", "=", app.adminId).executeTakeFirstOrThrow();
  ada = { id: row.id, email: row.email, name: row.name, role: "admin" };
}, 60_000);
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  session.member = ada;
});

describe("a key outlives no change of its creator", () => {
  it("deactivating the creator revokes their key at once: 401, listed revoked, audited in words", async () => {
    const kerem = await addAdmin("kerem@key-creator.test", "Kerem Admin");
    const key = await keyBy(kerem, "Kerem sync");
    expect((await useKey(key.secret)).status).toBe(200);
    expect(await liveKeysOf(kerem.id)).toBe(1);

    expect((await callRoute("PATCH", `/api/team/${kerem.id}`, { active: false })).status).toBe(200);

    const refused = await useKey(key.secret);
    expect(refused.status).toBe(401);
    expect((await refused.json()).detail).toBe("The API key is missing, unknown, expired or revoked.");
    expect(await listedKey(key.id)).toMatchObject({ state: "revoked", revokedBy: ada.name });
    expect(await liveKeysOf(kerem.id)).toBe(0);
    const [audit, ...more] = await revocationsOf(key.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ outcome: "success", actor_id: ada.id, message: "API key Kerem sync revoked: its creator Kerem Admin was deactivated" });
    expect(JSON.parse(audit!.details_json!)).toMatchObject({ reason: "creator_deactivated", creator: "Kerem Admin", creatorId: kerem.id });

    // Coming back does not bring the key back.
    expect((await callRoute("PATCH", `/api/team/${kerem.id}`, { active: true })).status).toBe(200);
    expect((await useKey(key.secret)).status).toBe(401);
  });

  it("demoting the creator revokes their key: 401 and listed revoked", async () => {
    const lale = await addAdmin("lale@key-creator.test", "Lale Admin");
    const key = await keyBy(lale, "Lale export");
    expect((await useKey(key.secret)).status).toBe(200);

    expect((await callRoute("PATCH", `/api/team/${lale.id}`, { role: "operator" })).status).toBe(200);

    expect((await useKey(key.secret)).status).toBe(401);
    expect(await listedKey(key.id)).toMatchObject({ state: "revoked", revokedBy: ada.name });
    const [audit] = await revocationsOf(key.id);
    expect(audit?.message).toBe("API key Lale export revoked: its creator Lale Admin is no longer an admin");
    expect(JSON.parse(audit!.details_json!)).toMatchObject({ reason: "creator_demoted" });
  });

  it("a refused change, a rename or another member's change revokes nothing", async () => {
    const mert = await addAdmin("mert@key-creator.test", "Mert Admin");
    const key = await keyBy(mert, "Mert nightly");
    session.member = mert;
    expect((await callRoute("PATCH", `/api/team/${mert.id}`, { active: false })).status).toBe(409);
    session.member = ada;
    expect((await callRoute("PATCH", `/api/team/${mert.id}`, { name: "Mert A." })).status).toBe(200);
    const other = await addAdmin("nil@key-creator.test", "Nil Admin");
    expect((await callRoute("PATCH", `/api/team/${other.id}`, { active: false })).status).toBe(200);
    expect((await useKey(key.secret)).status).toBe(200);
    expect(await listedKey(key.id)).toMatchObject({ state: "active", revokedBy: null });
    expect(await revocationsOf(key.id)).toEqual([]);
  });
});
