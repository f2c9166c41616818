import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealClientIp } from "@/lib/server/client-address";
import { callRoute, startInProcessConsole, type InProcessConsole } from "@/test/in-process-console";

// The /api/v1 door end to end in-process: keys made through /api/keys as an admin, then used as a script would.

const session = stubDoors({ member: null as null | { id: number; email: string; name: string; role: "admin" } });

let app: InProcessConsole;
const ADMIN = () => ({ id: app.adminId, email: "admin@demo.local", name: "Ayşe Admin", role: "admin" as const });
const from = (ip: string) => ({ "x-labs-client-ip": sealClientIp(ip) });
const bearer = (secret: string, ip = "198.51.100.9") => ({ authorization: `Bearer ${secret}`, ...from(ip) });

async function newKey(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  session.member = ADMIN();
  const res = await callRoute("POST", "/api/keys", { role: "operator", expiresOn: "2028-01-01", ...body });
  if (res.status !== 201) throw new Error(`POST /api/keys: ${res.status} ${await res.text()}`);
  const { key, secret } = await res.json();
  session.member = null;
  return { id: key.id, secret };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-26T12:00:10Z"));
  app = await startInProcessConsole("api-route");
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
});

describe("/api/keys", () => {
  it("creates a key that is shown once: the list never carries the secret", async () => {
    session.member = ADMIN();
    const res = await callRoute("POST", "/api/keys", { name: "Shown once", role: "viewer", expiresOn: "2027-01-01", allowedAddresses: ["203.0.113.0/24"] });
    expect(res.status).toBe(201);
    const { key, secret } = await res.json();
    expect(secret).toMatch(/^labsc_[0-9A-Za-z]{43}$/);
    expect(key).toMatchObject({ name: "Shown once", role: "viewer", createdBy: "Ayşe Admin", allowedAddresses: ["203.0.113.0/24"], state: "active" });
    const list = await (await callRoute("GET", "/api/keys")).text();
    expect(list).toContain(key.id);
    expect(list).not.toContain(secret.slice(14));
    const audit = await app.store.db.selectFrom("audit_events").selectAll().where("action", "=", "apikey.create").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: "admin@demo.local", message: "API key Shown once created, viewer, expires 2027-01-01, from 203.0.113.0/24 only" });
  });

  it("refuses an admin role, a bad address and a past expiry, naming each field", async () => {
    session.member = ADMIN();
    const res = await callRoute("POST", "/api/keys", { name: "x", role: "admin", expiresOn: "2020-01-01", allowedAddresses: ["10.0.0.300"] });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["allowedAddresses.0", "role"]);
    const past = await callRoute("POST", "/api/keys", { name: "x", role: "viewer", expiresOn: "2026-11-26" });
    expect(past.status).toBe(422);
    expect(Object.keys((await past.json()).errors)).toEqual(["expiresOn"]);
  });
});

describe("/api/v1 with a key", () => {
  it("writes as the key: the trail names it and its creator, not a member", async () => {
    const { id, secret } = await newKey({ name: "ERP sync" });
    const res = await callRoute("POST", "/api/v1/warehouses", { name: "Key Depot", code: "KEY-DEPOT-1" }, bearer(secret));
    expect(res.status).toBe(201);
    const audit = await app.store.db.selectFrom("audit_events").selectAll().where("action", "=", "warehouse.create").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: null, actor_email: "key ERP sync, created by Ayşe Admin", outcome: "success", ip: "198.51.100.9" });
    expect(JSON.parse(audit.details_json ?? "{}")).toMatchObject({ via: "api_key", keyId: id });
  });

  it("starts a transfer once per Idempotency-Key, points at the v1 run, and reads it back", async () => {
    const { secret } = await newKey({ name: "Shop pipeline" });
    const headers = { ...bearer(secret), "Idempotency-Key": "v1-transfer-0001" };
    const first = await callRoute("POST", "/api/v1/transfers", { orderIds: ["3572228"] }, headers);
    expect(first.status).toBe(201);
    const { run } = await first.json();
    expect(first.headers.get("location")).toBe(`/api/v1/transfers/${run.id}`);
    const again = await callRoute("POST", "/api/v1/transfers", { orderIds: ["3572228"] }, headers);
    expect(again.status).toBe(200);
    expect((await again.json()).run.id).toBe(run.id);
    const row = await app.store.db.selectFrom("erp_transfer_runs").selectAll().where("id", "=", run.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by_id: null, created_by_name: "key Shop pipeline, created by Ayşe Admin", origin: "api" });
    const read = await callRoute("GET", `/api/v1/transfers/${run.id}`, undefined, bearer(secret));
    expect(read.status).toBe(200);
    expect((await read.json()).run.id).toBe(run.id);
    // The run list's origin filter finds it as come through the API, and not as by hand.
    const ids = async (origin: string) => ((await (await callRoute("GET", `/api/v1/transfers?origin=${origin}&limit=100`, undefined, bearer(secret))).json()).items as { id: string }[]).map((r) => r.id);
    expect(await ids("api")).toContain(run.id);
    expect(await ids("by_hand")).not.toContain(run.id);
  });

  it("starts an import as the key, and reads the failures inbox", async () => {
    const { secret } = await newKey({ name: "Stock sync" });
    const res = await callRoute("POST", "/api/v1/imports", { kind: "stock" }, bearer(secret));
    expect(res.status).toBe(201);
    const row = await app.store.db.selectFrom("erp_import_runs").selectAll().orderBy("started_at", "desc").executeTakeFirstOrThrow();
    expect(row.started_by_name).toBe("key Stock sync, created by Ayşe Admin");
    expect((await callRoute("GET", "/api/v1/failures", undefined, bearer(secret))).status).toBe(200);
  });

  it("queues order ids as the key, marked as come through the API, and sends them as a run with a v1 Location", async () => {
    const { secret } = await newKey({ name: "Shop pipeline" });
    const res = await callRoute("POST", "/api/v1/order-queue", { orderIds: ["8800001", "8800002", "88x"] }, bearer(secret));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ queued: ["8800001", "8800002"], invalid: [expect.objectContaining({ id: "88x" })] });
    const overview = await (await callRoute("GET", "/api/v1/order-queue", undefined, bearer(secret))).json();
    expect(overview.items.filter((i: { orderId: string }) => i.orderId.startsWith("88000")).map((i: { origin: string }) => i.origin)).toEqual(["api", "api"]);
    const sent = await callRoute("POST", "/api/v1/order-queue/send", undefined, { ...bearer(secret), "Idempotency-Key": "v1-queue-send-1" });
    expect(sent.status).toBe(201);
    expect(sent.headers.get("location")).toMatch(/^\/api\/v1\/transfers\/[0-9a-f-]{36}$/);
  });

  it("answers 429 with Retry-After past the key's limit, with the RateLimit headers on every answer", async () => {
    const { id, secret } = await newKey({ name: "Chatty" });
    await app.store.db.updateTable("api_keys").set({ rate_per_minute: 2 }).where("id", "=", id).execute();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await callRoute("GET", "/api/v1/transfers", undefined, bearer(secret)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["1", "0", "0"]);
    expect(answers[0]!.headers.get("ratelimit-limit")).toBe("2");
    expect(answers[2]!.headers.get("ratelimit-reset")).toBe("50");
    expect(answers[2]!.headers.get("retry-after")).toBe("50");
    expect(await answers[2]!.json()).toMatchObject({ code: "too_many_requests", status: 429 });
    vi.setSystemTime(new Date("2026-11-26T12:01:00Z"));
    try {
      expect((await callRoute("GET", "/api/v1/transfers", undefined, bearer(secret))).status).toBe(200);
    } finally {
      vi.setSystemTime(new Date("2026-11-26T12:00:10Z"));
    }
  });

  it("refuses a key the moment it is revoked, and records the revocation", async () => {
    const { id, secret } = await newKey({ name: "Leaked" });
    expect((await callRoute("GET", "/api/v1/warehouses", undefined, bearer(secret))).status).toBe(200);
    session.member = ADMIN();
    const revoke = await callRoute("DELETE", `/api/keys/${id}`);
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toMatchObject({ revoked: true, key: { state: "revoked", revokedBy: "Ayşe Admin" } });
    session.member = null;
    const after = await callRoute("GET", "/api/v1/warehouses", undefined, bearer(secret));
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("records when and from where a key was last used", async () => {
    const { id, secret } = await newKey({ name: "Tracked" });
    await callRoute("GET", "/api/v1/warehouses", undefined, bearer(secret, "2001:db8::7"));
    session.member = ADMIN();
    const { items } = await (await callRoute("GET", "/api/keys")).json();
    expect(items.find((k: { id: string }) => k.id === id)).toMatchObject({ lastUsedAt: "2026-11-26T12:00:10.000Z", lastUsedFrom: "2001:db8::7" });
  });

  it("takes a key only as a Bearer token: another scheme or a bare secret is no key", async () => {
    const { secret } = await newKey({ name: "Schemes" });
    for (const authorization of [`Basic ${secret}`, secret, `Bearer ${secret} extra`, `Bearer`]) {
      expect((await callRoute("GET", "/api/v1/warehouses", undefined, { authorization, ...from("198.51.100.9") })).status, authorization.slice(0, 12)).toBe(401);
    }
    expect((await callRoute("GET", "/api/v1/warehouses", undefined, { authorization: `bearer  ${secret}`, ...from("198.51.100.9") })).status).toBe(200);
  });
});
