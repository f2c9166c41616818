import { stubDoors } from "@/test/route-mocks";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, startErpRoutes } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";
import type { ActivityPage } from "@/lib/activity/schemas";
import { CSV_BOM } from "@/lib/rules/csv";
import { LIST_SEPARATOR } from "@/lib/export/csv";

// GET /api/activity and its export in-process: the real handlers, store, upstream client and emulator over HTTP;
// only the session, the store's door, the config and next-intl's request scope are stubbed.

const TOKEN = "activity-routes-test-token-9b2c";
const ADMIN = { id: 1, email: "trail-admin@test.local", name: "Ayşe Admin", role: "admin" as const };
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  member: ADMIN,
  url: "",
  locale: "en" as "en" | "tr",
  config: (): unknown => ({ upstreamUrl: state.url, upstreamToken: TOKEN, warehouseIndexTtlMs: 600_000, accountTimeZone: "Europe/Istanbul", exports: { maxRows: 100_000 } }),
});

let ground: ErpRouteGround;
let corum: number;

const list = async (query: string): Promise<ActivityPage & { status: number }> => {
  const res = await callRoute("GET", `/api/activity?${query}`);
  return { status: res.status, ...((await res.json()) as ActivityPage) };
};
const keysOf = (page: ActivityPage) => [...new Set(page.items.map((e) => `${e.targetType}:${e.targetId}`))];

beforeAll(async () => {
  ground = await startErpRoutes(state, "activity-routes", TOKEN, { timeoutMs: 4000, retryDelayMs: 1 });
  state.url = ground.url;
  const at = new Date();
  await state.conn.insertInto("members").values({ email: ADMIN.email, name: ADMIN.name, role: "admin", password_hash: null, source: "password", created_at: at, updated_at: at }).execute();
  const created = await callRoute("POST", "/api/warehouses", { name: "Çorum Depo", code: "CRM30", isActive: true });
  expect(created.status).toBe(201);
  corum = ((await created.json()) as { warehouse: { id: number } }).warehouse.id;
  expect((await callRoute("PUT", `/api/warehouses/${corum}`, { isActive: false })).status).toBe(200);
  const other = await callRoute("POST", "/api/warehouses", { name: "Eskişehir Depo", code: "ESK30", isActive: true });
  expect(other.status).toBe(201);
});

afterAll(async () => {
  await ground.close(async () => undefined);
});

describe("GET /api/activity: names and the target filter", () => {
  it("answers each page with its targets' names and links and its actors' names", async () => {
    const page = await list(`target=warehouse:${corum}`);
    expect(page.status).toBe(200);
    expect(page.total).toBe(2);
    expect(page.names.targets[`warehouse:${corum}`]).toEqual({ name: "Çorum Depo", code: "CRM30", href: `/warehouses/${corum}` });
    expect(page.names.actors[ADMIN.email]).toBe("Ayşe Admin");
  });

  it.each(["CRM30", "crm30", "Çorum", "CORUM depo"])("the Target filter finds the warehouse by %j", async (text) => {
    const page = await list(`target=${encodeURIComponent(text)}`);
    expect(page.status).toBe(200);
    expect(keysOf(page)).toEqual([`warehouse:${corum}`]);
    expect(page.items.map((e) => e.action).sort()).toEqual(["warehouse.create", "warehouse.update"]);
  });

  it("finds it by its id too, and a text naming nothing finds nothing (not everything)", async () => {
    expect(keysOf(await list(`target=${corum}`))).toEqual([`warehouse:${corum}`]);
    const none = await list("target=nothing-called-this");
    expect([none.status, none.total]).toEqual([200, 0]);
  });

  it("refuses a target with control characters or past 200 characters, naming the field", async () => {
    for (const bad of ["a%00b", "x".repeat(201)]) {
      const res = await callRoute("GET", `/api/activity?target=${bad}`);
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("target");
    }
  });

  it("a deleted warehouse is still found by its name and reads as deleted, without a link", async () => {
    const bursa = (await list("target=ESK30")).items[0]!.targetId!;
    expect((await callRoute("DELETE", `/api/warehouses/${bursa}`)).status).toBe(200);
    const page = await list("target=eskisehir");
    expect(page.items.map((e) => e.action).sort()).toEqual(["warehouse.create", "warehouse.delete"]);
    expect(page.names.targets[`warehouse:${bursa}`]).toMatchObject({ name: "Eskişehir Depo", code: "ESK30", deleted: true });
    expect(page.names.targets[`warehouse:${bursa}`]?.href).toBeUndefined();
  });
});

describe("GET /api/activity/export", () => {
  it("writes the console's message, the named target and the member's name, in the reader's language", async () => {
    state.locale = "tr";
    try {
      const res = await callRoute("GET", "/api/activity/export?target=crm30");
      expect(res.status).toBe(200);
      const rows = Papa.parse<string[]>((await res.text()).replace(CSV_BOM, ""), { delimiter: LIST_SEPARATOR.tr, skipEmptyLines: true }).data;
      expect(rows[0]?.slice(0, 5)).toEqual(["Zaman (GMT+3)", "Kişi", "Kişinin e-postası", "İşlem", "Hedef"]);
      const byAction = Object.fromEntries(rows.slice(1).map((r) => [r[3], r]));
      expect(byAction["Depo düzenlendi"]?.[1]).toBe("Ayşe Admin");
      expect(byAction["Depo düzenlendi"]?.[4]).toBe("Çorum Depo (CRM30)");
      expect(byAction["Depo düzenlendi"]?.[8]).toBe("Ayşe Admin depoyu düzenledi: Çorum Depo (CRM30)");
      expect(byAction["Depo oluşturuldu"]?.[8]).toBe("Ayşe Admin depo ekledi: Çorum Depo (CRM30)");
    } finally {
      state.locale = "en";
    }
  });
});
