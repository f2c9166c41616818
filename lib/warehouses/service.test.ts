import { stubDoors } from "@/test/route-mocks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmulator } from "@/emulator/server";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import { withStoreLock } from "@/lib/warehouses/store";

// The warehouse writes through their real route handlers, wrapper, store and upstream client,
// against the emulator over HTTP (its faults stand in for a slow, failing or non-clearing
// platform); only the session, the store's door and the config are stubbed.

const TOKEN = "warehouse-service-test-token-5d1e";
const SECRET_5XX = "INTERNAL db=10.0.0.5 stack at Store.update (store.js:42)";
const state = stubDoors({
  member: { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const },
  store: undefined as unknown as Store,
  conn: undefined as unknown as Kysely<Database>,
  client: undefined as unknown as UpstreamClient,
  url: "",
  seq: 0,
  config: (): unknown => ({ upstreamUrl: state.url, upstreamToken: `${TOKEN}#${state.seq}`, warehouseIndexTtlMs: 600_000 }),
  locale: "en" as const,
});

let dir: string;
let closeEmulator: () => Promise<void>;

const put = (id: number, body: unknown) => callRoute("PUT", `/api/warehouses/${id}`, body);

async function control<T = unknown>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${state.url}/__emulator${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}
const fault = (rule: Record<string, unknown>) => control("POST", "/faults", rule);
const requests = async () =>
  (await control<{ requests: { method: string; path: string; body: Record<string, unknown> | null }[] }>("GET", "/requests?since=0&limit=1000")).requests;

/** What the platform holds now, read straight from it. */
async function defaults(): Promise<number[]> {
  const page = await state.client.listWarehouses({ page: 1, limit: 100 });
  return page.items.filter((w) => w.isDefault).map((w) => w.id);
}

async function auditOf(targetId: number) {
  return state.conn
    .selectFrom("audit_events")
    .select(["action", "outcome", "message", "details_json"])
    .where("target_type", "=", "warehouse")
    .where("target_id", "=", String(targetId))
    .orderBy("id")
    .execute();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-warehouse-service-"));
  const emulator = createEmulator({ token: TOKEN, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  state.url = (await emulator.listen(0)).url;
  closeEmulator = () => emulator.close();
  state.client = createUpstreamClient({ baseUrl: state.url, token: TOKEN, timeoutMs: 4000, retryDelayMs: 1 });
});

afterAll(async () => {
  await closeEmulator();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  // Demo data: warehouse 1 (ONLINE) is the default.
  await control("POST", "/reset");
  ++state.seq;
  state.store = await openTestStore();
  state.conn = state.store.db;
  // The index is built now, so that later it is stale (TTL ten minutes).
  expect((await callRoute("GET", "/api/warehouses?q=a")).status).toBe(200);
  return () => state.store.close();
});

describe("the default warehouse (F-7, S-3)", () => {
  it("two concurrent make-default edits leave exactly one default: the later one", async () => {
    // Slows the first edit's re-read of the previous default, so the second lands inside it.
    await fault({ method: "GET", path: "/v1/stores/1", times: 1, latencyMs: 800 });
    const first = put(2, { isDefault: true });
    await new Promise((r) => setTimeout(r, 250));
    const second = put(1, { isDefault: true });
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await defaults()).toEqual([1]);
    expect((await b.json()).warehouse).toMatchObject({ id: 1, isDefault: true });
  });

  it("unmarks the previous default read from the platform, not the stale index, when the platform does not clear it", async () => {
    // Someone made 3 the default on the platform itself; the console's index still says 1.
    expect((await state.client.updateWarehouse(3, { isDefault: true })).message).toBeTruthy();
    const seen = (await requests()).length;
    // A platform that keeps 3 marked after another becomes the default.
    const three = await state.client.getWarehouse(3);
    await fault({ method: "GET", path: "/v1/stores/3", times: 1, kind: "respond", status: 200, body: { ...three, isDefault: 1, isActive: 1, erpWarehouseId: three.erpWarehouseId } });
    const res = await put(2, { isDefault: true });
    expect(res.status).toBe(200);
    expect((await res.json()).warning).toBeUndefined();
    const writes = (await requests()).slice(seen).filter((r) => r.method === "PUT");
    expect(writes.map((r) => [r.path, r.body])).toEqual([
      ["/v1/stores/2", { isDefault: 1 }],
      ["/v1/stores/3", { isDefault: 0 }],
    ]);
    expect((await auditOf(3)).map((e) => [e.action, e.outcome])).toEqual([["warehouse.update", "success"]]);
  });

  it("a make-default edit waits while another instance holds the default lock", async () => {
    // Another instance: a second handle on the same PostgreSQL database.
    const other = await openStore({ databaseUrl: state.store.engine.connectionString, poolSize: 2 });
    let release!: () => void;
    let held!: () => void;
    const taken = new Promise<void>((r) => (held = r));
    const holding = withStoreLock(other, "warehouse-default", async () => {
      held();
      await new Promise<void>((r) => (release = r));
    });
    await taken;
    let done = false;
    const pending = put(4, { isDefault: true }).then((res) => {
      done = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    expect(await defaults()).toEqual([1]);
    release();
    await holding;
    await other.close();
    expect((await pending).status).toBe(200);
    expect(await defaults()).toEqual([4]);
  });
});

describe("a write the platform made is never answered as a failure (F-8)", () => {
  const stillDefault = { id: 1, name: "Online", code: "ONLINE", erpWarehouseId: null, isDefault: 1, isActive: 1 };

  it("create: 201 with a warning when the previous default cannot be unmarked, and the failed settle is audited", async () => {
    await fault({ method: "GET", path: "/v1/stores/1", times: 1, kind: "respond", status: 200, body: stillDefault });
    await fault({ method: "PUT", path: "/v1/stores/1", times: 1, kind: "respond", status: 500, body: { status: "error", message: SECRET_5XX } });
    const res = await callRoute("POST", "/api/warehouses", { name: "Settle", code: "SETTLE1", isDefault: true, isActive: true });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ warehouse: { code: "SETTLE1", isDefault: true }, warning: "defaultNotSettled" });
    expect((await auditOf(body.warehouse.id)).map((e) => [e.action, e.outcome])).toEqual([["warehouse.create", "success"]]);
    const settle = await auditOf(1);
    expect(settle.map((e) => [e.action, e.outcome])).toEqual([["warehouse.update", "failure"]]);
    expect(settle[0]?.message).toMatch(/previous default could not be unmarked/);
    expect(settle[0]?.message).not.toContain("INTERNAL");
  });

  it("edit: 200 with a warning, the warehouse saved as asked", async () => {
    await fault({ method: "GET", path: "/v1/stores/1", times: 1, kind: "respond", status: 200, body: stillDefault });
    await fault({ method: "PUT", path: "/v1/stores/1", times: 1, kind: "respond", status: 503 });
    const res = await put(5, { isDefault: true, isActive: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ warehouse: { id: 5, isDefault: true }, warning: "defaultNotSettled" });
    expect((await auditOf(1)).map((e) => e.outcome)).toEqual(["failure"]);
  });
});

describe("upstream 5xx texts stay on the server (F-9)", () => {
  it("a bulk row and the audit trail carry no 5xx body; a 4xx platform message still passes", async () => {
    await fault({ method: "PUT", path: "/v1/stores/2", times: 1, kind: "respond", status: 500, body: { status: "error", message: SECRET_5XX } });
    await fault({ method: "PUT", path: "/v1/stores/3", times: 1, kind: "respond", status: 422, body: { status: "error", message: "Depo pasif yapılamaz." } });
    const res = await callRoute("POST", "/api/warehouses/bulk", { ids: [2, 3], isActive: false });
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(JSON.stringify(results)).not.toContain("INTERNAL");
    expect(results).toEqual([
      { id: 2, ok: false, code: "http" },
      { id: 3, ok: false, code: "upstream_rejected", detail: "Depo pasif yapılamaz." },
    ]);
    expect((await auditOf(2)).map((e) => [e.outcome, e.message])).toEqual([["failure", "update warehouse: the Labs platform failed to process the request (HTTP 500)"]]);
    expect((await auditOf(3)).map((e) => [e.outcome, e.message])).toEqual([["failure", "Depo pasif yapılamaz."]]);
  });

  it("a failed create, edit or delete audits no 5xx body", async () => {
    await fault({ method: "POST", path: "/v1/stores", times: 1, kind: "respond", status: 500, body: { status: "error", message: SECRET_5XX } });
    await fault({ method: "PUT", path: "/v1/stores/4", times: 1, kind: "respond", status: 502, body: { status: "error", message: SECRET_5XX } });
    await fault({ method: "DELETE", path: "/v1/stores/6", times: 1, kind: "respond", status: 500, body: { status: "error", message: SECRET_5XX } });
    expect((await callRoute("POST", "/api/warehouses", { name: "Leak", code: "LEAK1" })).status).toBe(502);
    expect((await put(4, { name: "Leak" })).status).toBe(502);
    expect((await callRoute("DELETE", "/api/warehouses/6")).status).toBe(502);
    const failures = await state.conn.selectFrom("audit_events").select(["action", "message"]).where("outcome", "=", "failure").orderBy("id").execute();
    expect(failures.map((f) => f.action)).toEqual(["warehouse.create", "warehouse.update", "warehouse.delete"]);
    for (const f of failures) expect(f.message).not.toContain("INTERNAL");
  });
});

describe("refusals carry codes beside the English (the one text path)", () => {
  const DELETED = "The default warehouse cannot be deleted. Make another warehouse the default first.";

  it("a rule of the default warehouse: 409 with the field and the detail as codes", async () => {
    const removed = await callRoute("DELETE", "/api/warehouses/1");
    expect(removed.status).toBe(409);
    const deleted = { code: "validation.warehouses.defaultCannotBeDeleted" };
    expect(await removed.json()).toMatchObject({ code: "conflict", detail: DELETED, detailCode: deleted, errors: { isDefault: [DELETED] }, fieldCodes: { isDefault: [deleted] } });

    const unset = await (await put(1, { isDefault: false })).json();
    expect(unset).toMatchObject({ code: "conflict", detail: "The default warehouse stays default until another warehouse is made the default." });
    expect(unset.fieldCodes).toEqual({ isDefault: [{ code: "validation.warehouses.defaultCannotBeUnset" }] });

    const deactivated = await (await put(1, { isActive: false })).json();
    expect(deactivated.fieldCodes).toEqual({ isActive: [{ code: "validation.warehouses.defaultMustBeActive" }] });
    expect(deactivated.errors).toEqual({ isActive: ["The default warehouse must be active. Make another warehouse the default first."] });
    expect(await defaults()).toEqual([1]);
  });

  it("a passive new default: 422 on isActive, said from its code", async () => {
    const res = await callRoute("POST", "/api/warehouses", { name: "Passive", code: "PASSIVE1", isActive: false, isDefault: true });
    expect(res.status).toBe(422);
    expect((await res.json()).fieldCodes).toEqual({ isActive: [{ code: "validation.warehouses.defaultMustBeActive" }] });
  });

  it("a code in use: 409 with codeTaken on the code, before the platform is asked", async () => {
    const taken = (await state.client.getWarehouse(2)).code;
    const before = (await state.client.listWarehouses({ page: 1, limit: 100 })).totalItems;
    const res = await callRoute("POST", "/api/warehouses", { name: "Twin", code: taken });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({ code: "conflict", lookalike: { id: 2, code: taken } });
    expect(body.errors).toEqual({ code: ["This code is already used by another warehouse."] });
    expect(body.fieldCodes).toEqual({ code: [{ code: "validation.warehouses.codeTaken" }] });
    expect((await state.client.listWarehouses({ page: 1, limit: 100 })).totalItems).toBe(before);
  });

  it("a code that differs from another's only by case or an invisible character is refused, naming that warehouse", async () => {
    const other = await state.client.getWarehouse(2);
    const before = (await state.client.listWarehouses({ page: 1, limit: 100 })).totalItems;
    const res = await callRoute("POST", "/api/warehouses", { name: "Lookalike", code: other.code.toLowerCase() });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.fieldCodes).toEqual({ code: [{ code: "validation.warehouses.codeLookalike", params: { name: other.name, code: other.code } }] });
    expect(body.errors.code[0]).toContain(other.name);
    expect(body.lookalike).toEqual({ id: 2, name: other.name, code: other.code });
    expect((await state.client.listWarehouses({ page: 1, limit: 100 })).totalItems).toBe(before);
    // A code with a zero-width space, made on the platform directly (the console's form refuses it); a fresh index sees it.
    const hidden = await state.client.createWarehouse({ name: "Gizli", code: "ZW\u200B77" });
    ++state.seq;
    const zw = await callRoute("POST", "/api/warehouses", { name: "Visible", code: "zw77" });
    expect(zw.status).toBe(409);
    expect((await zw.json()).lookalike).toEqual({ id: hidden.id, name: "Gizli", code: "ZW\u200B77" });
    // An edit to a lookalike of another's code is refused; keeping its own code in another case is not.
    const edit = await put(3, { code: other.code.toLowerCase() });
    expect(edit.status).toBe(409);
    expect((await edit.json()).fieldCodes.code[0].code).toBe("validation.warehouses.codeLookalike");
    const own = (await state.client.getWarehouse(3)).code;
    expect((await put(3, { code: own.toLowerCase() })).status).toBe(200);
  });

  it("a platform conflict keeps its own field words where the console has no code for them", async () => {
    const body = { status: "error", message: "Ad ve ERP kimliği çakışıyor.", errors: { name: ["Ad başka depoda."] } };
    await fault({ method: "PUT", path: "/v1/stores/3", times: 1, kind: "respond", status: 409, body });
    const res = await put(3, { name: "Clash" });
    expect(res.status).toBe(409);
    const problem = await res.json();
    expect(problem).toMatchObject({ code: "conflict", detail: "Ad ve ERP kimliği çakışıyor.", errors: { name: ["Ad başka depoda."] } });
    expect(problem.fieldCodes).toEqual({});
  });
});
