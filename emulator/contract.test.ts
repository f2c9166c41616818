// Contract tests of the Labs /v1 emulator against docs/upstream-api.md, plus its control API.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, createEmulator } from "./server";

const TOKEN = "contract-test-token-7f3a9c";
const JSON_TYPE = "application/json; charset=utf-8";

let dir: string;
let emu: Emulator;
let base: string;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions inspect arbitrary JSON
}

async function call(
  method: string,
  urlPath: string,
  opts: { body?: unknown; raw?: string; token?: string | null; authHeader?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.authHeader !== undefined) headers.Authorization = opts.authHeader;
  else if (opts.token !== null) headers.Authorization = `Bearer ${opts.token ?? TOKEN}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(base + urlPath, { method, headers, body });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const get = (p: string, o?: Parameters<typeof call>[2]) => call("GET", p, o);
const post = (p: string, body?: unknown, o?: Parameters<typeof call>[2]) => call("POST", p, { ...o, body });
const put = (p: string, body?: unknown) => call("PUT", p, { body });
const del = (p: string) => call("DELETE", p);

async function reset(): Promise<void> {
  const r = await post("/__emulator/reset");
  expect(r.status).toBe(200);
  expect(r.json).toEqual({ ok: true });
}

async function fault(rule: Record<string, unknown>): Promise<number> {
  const r = await post("/__emulator/faults", rule);
  expect(r.status).toBe(200);
  expect(typeof r.json.id).toBe("number");
  return r.json.id as number;
}

async function createWarehouse(body: Record<string, unknown>): Promise<number> {
  const r = await post("/v1/stores", body);
  expect(r.status).toBe(200);
  return r.json.payload.id as number;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "labs-emulator-test-"));
  emu = createEmulator({ token: TOKEN, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  base = (await emu.listen(0)).url;
});

afterAll(async () => {
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ONLINE = { id: 1, name: "Online", code: "ONLINE", erpWarehouseId: null, isDefault: 1, isActive: 1 };

describe("authentication", () => {
  beforeAll(reset);

  it("refuses a missing token with 401 on the API", async () => {
    const r = await get("/v1/stores?page=1&limit=10", { token: null });
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toBe(JSON_TYPE);
    expect(r.json).toEqual({ status: "error", message: "Yetkisiz erişim." });
  });

  it("refuses a wrong token, a wrong scheme and a token prefix", async () => {
    for (const authHeader of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, "Bearer "]) {
      const r = await post("/v1/action/products-erp-sync", undefined, { authHeader });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ status: "error", message: "Yetkisiz erişim." });
    }
  });

  it("refuses unknown paths without a token with 401 (auth comes first)", async () => {
    const r = await get("/nope", { token: null });
    expect(r.status).toBe(401);
  });

  it("requires the token on control paths too", async () => {
    for (const [method, p] of [
      ["GET", "/__emulator/health"],
      ["POST", "/__emulator/reset"],
      ["GET", "/__emulator/requests"],
      ["POST", "/__emulator/faults"],
    ] as const) {
      const missing = await call(method, p, { token: null });
      expect(missing.status).toBe(401);
      expect(missing.json).toEqual({ status: "error", message: "Yetkisiz erişim." });
      const wrong = await call(method, p, { token: "wrong" });
      expect(wrong.status).toBe(401);
    }
    const ok = await get("/__emulator/health");
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
  });
});

describe("GET /v1/stores (list)", () => {
  beforeAll(reset);

  it("answers the documented shape with the demo data, flags as integers", async () => {
    const r = await get("/v1/stores?page=1&limit=10");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe(JSON_TYPE);
    expect(Object.keys(r.json)).toEqual(["items", "totalItems", "totalPage", "currentPage", "limit"]);
    expect(r.json.items[0]).toEqual(ONLINE);
    expect(Object.keys(r.json.items[0])).toEqual(["id", "name", "code", "erpWarehouseId", "isDefault", "isActive"]);
    expect(r.json.totalItems).toBe(7);
    expect(r.json.totalPage).toBe(1);
    expect(r.json.currentPage).toBe(1);
    expect(r.json.limit).toBe(10);
    const codes = r.json.items.map((w: { code: string }) => w.code);
    expect(codes).toEqual(["ONLINE", "IST01", "ANK01", "IZM01", "BUR01", "ANT01", "GAZ01"]);
    const ist = r.json.items.filter((w: { name: string }) => w.name === "İSTANBUL Şube");
    expect(ist).toEqual([
      { id: 2, name: "İSTANBUL Şube", code: "IST01", erpWarehouseId: "101", isDefault: 0, isActive: 1 },
    ]);
    const bursa = r.json.items.find((w: { code: string }) => w.code === "BUR01");
    expect(bursa.isActive).toBe(0);
    const gaz = r.json.items.find((w: { code: string }) => w.code === "GAZ01");
    expect(gaz.erpWarehouseId).toBe("0042");
    for (const w of r.json.items) {
      expect([0, 1]).toContain(w.isDefault);
      expect([0, 1]).toContain(w.isActive);
    }
    expect(r.json.items.filter((w: { isDefault: number }) => w.isDefault === 1)).toHaveLength(1);
  });

  it("paginates by id ascending with totalPage = ceil(totalItems / limit)", async () => {
    const p1 = await get("/v1/stores?page=1&limit=3");
    const p3 = await get("/v1/stores?page=3&limit=3");
    expect(p1.json.items.map((w: { id: number }) => w.id)).toEqual([1, 2, 3]);
    expect(p1.json.totalPage).toBe(3);
    expect(p3.json.items.map((w: { id: number }) => w.id)).toEqual([7]);
    expect(p3.json.currentPage).toBe(3);
  });

  it("answers a page past the end with empty items and the real totals", async () => {
    const r = await get("/v1/stores?page=50&limit=10");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ items: [], totalItems: 7, totalPage: 1, currentPage: 50, limit: 10 });
  });

  it("requires page and limit (422)", async () => {
    const none = await get("/v1/stores");
    expect(none.status).toBe(422);
    expect(none.json.status).toBe("error");
    expect(typeof none.json.message).toBe("string");
    expect(none.json.errors.page).toHaveLength(1);
    expect(none.json.errors.limit).toHaveLength(1);
    const noPage = await get("/v1/stores?limit=10");
    expect(noPage.status).toBe(422);
    expect(Object.keys(noPage.json.errors)).toEqual(["page"]);
    const noLimit = await get("/v1/stores?page=1");
    expect(noLimit.status).toBe(422);
    expect(Object.keys(noLimit.json.errors)).toEqual(["limit"]);
  });

  it("rejects page and limit that are not positive integers (422)", async () => {
    for (const q of ["page=0&limit=10", "page=-1&limit=10", "page=1.5&limit=10", "page=abc&limit=10", "page=01&limit=10"]) {
      const r = await get(`/v1/stores?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.json.errors.page, q).toBeDefined();
    }
    const r = await get("/v1/stores?page=1&limit=0");
    expect(r.status).toBe(422);
    expect(r.json.errors.limit).toBeDefined();
  });

  it("refuses limit above 100 (422) and accepts exactly 100", async () => {
    const over = await get("/v1/stores?page=1&limit=101");
    expect(over.status).toBe(422);
    expect(over.json.errors.limit).toEqual(["limit en fazla 100 olabilir."]);
    const max = await get("/v1/stores?page=1&limit=100");
    expect(max.status).toBe(200);
    expect(max.json.limit).toBe(100);
  });
});

describe("GET /v1/stores/{id} (view) and unknown paths", () => {
  beforeAll(reset);

  it("answers the bare warehouse object", async () => {
    const r = await get("/v1/stores/1");
    expect(r.status).toBe(200);
    expect(r.json).toEqual(ONLINE);
    const gaz = await get("/v1/stores/7");
    expect(gaz.json).toEqual({
      id: 7,
      name: "Gaziantep Depo",
      code: "GAZ01",
      erpWarehouseId: "0042",
      isDefault: 0,
      isActive: 1,
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999", "0", "-1", "abc", "1.5", "01", "99999999999999999999"]) {
      const r = await get(`/v1/stores/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.json, id).toEqual({ status: "error", message: "Depo bulunamadı." });
    }
  });

  it("answers 404 for an unknown path", async () => {
    for (const p of ["/v1/nope", "/v2/stores", "/", "/v1/stores/1/extra", "/v1/action/unknown-sync"]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.headers.get("content-type")).toBe(JSON_TYPE);
      expect(r.json, p).toEqual({ status: "error", message: "Kaynak bulunamadı." });
    }
  });

  it("answers 405 with the error envelope for a wrong method on a known path", async () => {
    for (const [method, p] of [
      ["PATCH", "/v1/stores"],
      ["DELETE", "/v1/stores"],
      ["POST", "/v1/stores/1"],
      ["GET", "/v1/action/orders-erp-transfer"],
      ["GET", "/v1/action/products-erp-sync"],
      ["PUT", "/v1/action/products-price-erp-sync"],
      ["DELETE", "/v1/action/products-qty-erp-sync"],
    ] as const) {
      const r = await call(method, p);
      expect(r.status, `${method} ${p}`).toBe(405);
      expect(r.json.status).toBe("error");
      expect(typeof r.json.message).toBe("string");
    }
  });
});

describe("POST /v1/stores (create)", () => {
  beforeAll(reset);

  it("creates with the documented answer and applies the defaults", async () => {
    const r = await post("/v1/stores", { name: "Konya Depo", code: "KON01" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe(JSON_TYPE);
    expect(r.json).toEqual({ status: "success", message: "Depo ekleme işlemi başarılı", payload: { id: 8 } });
    const view = await get("/v1/stores/8");
    expect(view.json).toEqual({ id: 8, name: "Konya Depo", code: "KON01", erpWarehouseId: null, isDefault: 0, isActive: 1 });
  });

  it("accepts the documented example request, trims, ignores unknown fields", async () => {
    const id = await createWarehouse({
      name: "  Online1 Depo ",
      code: " ONLINE2 ",
      erpWarehouseId: "2",
      isDefault: 0,
      isActive: 1,
      color: "red",
    });
    const view = await get(`/v1/stores/${id}`);
    expect(view.json).toEqual({ id, name: "Online1 Depo", code: "ONLINE2", erpWarehouseId: "2", isDefault: 0, isActive: 1 });
  });

  it("accepts 1/0, true/false and \"1\"/\"0\" as flags and answers integers", async () => {
    const a = await createWarehouse({ name: "A", code: "FLAG-A", isActive: false });
    const b = await createWarehouse({ name: "B", code: "FLAG-B", isActive: "0" });
    const c = await createWarehouse({ name: "C", code: "FLAG-C", isActive: true });
    const d = await createWarehouse({ name: "D", code: "FLAG-D", isActive: "1" });
    expect((await get(`/v1/stores/${a}`)).json.isActive).toBe(0);
    expect((await get(`/v1/stores/${b}`)).json.isActive).toBe(0);
    expect((await get(`/v1/stores/${c}`)).json.isActive).toBe(1);
    expect((await get(`/v1/stores/${d}`)).json.isActive).toBe(1);
  });

  it("keeps a leading-zero erpWarehouseId a string", async () => {
    const id = await createWarehouse({ name: "Sıfırlı", code: "ZERO1", erpWarehouseId: "007" });
    expect((await get(`/v1/stores/${id}`)).json.erpWarehouseId).toBe("007");
  });

  it("requires name and code (422 with field errors)", async () => {
    const r = await post("/v1/stores", { isActive: 1 });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      status: "error",
      message: "Geçersiz veri.",
      errors: { name: ["Depo adı zorunludur."], code: ["Depo kodu zorunludur."] },
    });
    const blank = await post("/v1/stores", { name: "   ", code: "X1" });
    expect(blank.status).toBe(422);
    expect(blank.json.errors).toEqual({ name: ["Depo adı zorunludur."] });
    const empty = await call("POST", "/v1/stores");
    expect(empty.status).toBe(422);
    expect(empty.json.errors.name).toEqual(["Depo adı zorunludur."]);
  });

  it("validates types, lengths and flags (422)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 5, code: "T1" }, "name"],
      [{ name: "x".repeat(101), code: "T1" }, "name"],
      [{ name: "N", code: "c".repeat(51) }, "code"],
      [{ name: "N", code: ["T1"] }, "code"],
      [{ name: "N", code: "T1", erpWarehouseId: 2 }, "erpWarehouseId"],
      [{ name: "N", code: "T1", erpWarehouseId: "9".repeat(51) }, "erpWarehouseId"],
      [{ name: "N", code: "T1", isDefault: 2 }, "isDefault"],
      [{ name: "N", code: "T1", isDefault: "yes" }, "isDefault"],
      [{ name: "N", code: "T1", isActive: null }, "isActive"],
      [{ name: "N", code: "T1", isActive: "true" }, "isActive"],
    ];
    for (const [body, field] of cases) {
      const r = await post("/v1/stores", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.status).toBe("error");
      expect(Object.keys(r.json.errors), JSON.stringify(body)).toEqual([field]);
      expect(r.json.errors[field][0]).toMatch(/\.$/);
    }
    expect((await post("/v1/stores", { name: "x".repeat(100), code: "c".repeat(50) })).status).toBe(200);
  });

  it("refuses invalid JSON and non-object bodies (422)", async () => {
    const r = await call("POST", "/v1/stores", { raw: '{"name": "A",' });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ status: "error", message: "Geçersiz JSON." });
    const arr = await post("/v1/stores", [{ name: "A", code: "B" }]);
    expect(arr.status).toBe(422);
  });

  it("refuses a duplicate code, compared case-sensitively after trimming", async () => {
    const r = await post("/v1/stores", { name: "İstanbul 2", code: " IST01 " });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      status: "error",
      message: "Bu depo kodu zaten kullanılıyor.",
      errors: { code: ["Bu depo kodu zaten kullanılıyor."] },
    });
    expect((await post("/v1/stores", { name: "küçük", code: "ist01" })).status).toBe(200);
  });

  it("keeps a single default: creating a default clears every other one", async () => {
    const id = await createWarehouse({ name: "Yeni Merkez", code: "MERKEZ", isDefault: 1 });
    const list = await get("/v1/stores?page=1&limit=100");
    const defaults = list.json.items.filter((w: { isDefault: number }) => w.isDefault === 1);
    expect(defaults.map((w: { id: number }) => w.id)).toEqual([id]);
    expect((await get("/v1/stores/1")).json.isDefault).toBe(0);
  });
});

describe("PUT /v1/stores/{id} (update)", () => {
  beforeAll(reset);

  it("updates a subset, keeps the rest, answers the documented 'added' text", async () => {
    const r = await put("/v1/stores/3", { name: "Ankara Ana Depo" });
    expect(r.status).toBe(200);
    // Documented quirk: the update answers with the create text.
    expect(r.json).toEqual({ status: "success", message: "Depo ekleme işlemi başarılı", payload: { id: 3 } });
    expect((await get("/v1/stores/3")).json).toEqual({
      id: 3,
      name: "Ankara Ana Depo",
      code: "ANK01",
      erpWarehouseId: "102",
      isDefault: 0,
      isActive: 1,
    });
    await put("/v1/stores/3", { isActive: "0", erpWarehouseId: null });
    expect((await get("/v1/stores/3")).json).toEqual({
      id: 3,
      name: "Ankara Ana Depo",
      code: "ANK01",
      erpWarehouseId: null,
      isDefault: 0,
      isActive: 0,
    });
    const empty = await put("/v1/stores/3", {});
    expect(empty.status).toBe(200);
  });

  it("accepts its own code and refuses another warehouse's code", async () => {
    expect((await put("/v1/stores/2", { code: "IST01", name: "İSTANBUL Şube" })).status).toBe(200);
    const dup = await put("/v1/stores/2", { code: "ANK01" });
    expect(dup.status).toBe(422);
    expect(dup.json.message).toBe("Bu depo kodu zaten kullanılıyor.");
    expect(dup.json.errors).toEqual({ code: ["Bu depo kodu zaten kullanılıyor."] });
    expect((await get("/v1/stores/2")).json.code).toBe("IST01");
  });

  it("validates present fields (422) and changes nothing on failure", async () => {
    for (const body of [{ name: "" }, { code: "  " }, { name: null }, { isDefault: "evet" }, { erpWarehouseId: 5 }]) {
      const r = await put("/v1/stores/6", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.status).toBe("error");
      expect(r.json.errors).toBeDefined();
    }
    const bad = await put("/v1/stores/6", { name: "Değişmemeli", isActive: 7 });
    expect(bad.status).toBe(422);
    expect((await get("/v1/stores/6")).json.name).toBe("Antalya Şube");
    const invalidJson = await call("PUT", "/v1/stores/6", { raw: "{name:" });
    expect(invalidJson.status).toBe(422);
    expect(invalidJson.json.message).toBe("Geçersiz JSON.");
  });

  it("moves the default flag exclusively", async () => {
    expect((await put("/v1/stores/4", { isDefault: true })).status).toBe(200);
    const list = await get("/v1/stores?page=1&limit=100");
    const defaults = list.json.items.filter((w: { isDefault: number }) => w.isDefault === 1);
    expect(defaults.map((w: { id: number }) => w.id)).toEqual([4]);
  });

  it("answers 404 for an unknown id", async () => {
    const r = await put("/v1/stores/4242", { name: "Yok" });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ status: "error", message: "Depo bulunamadı." });
  });
});

describe("DELETE /v1/stores/{id}", () => {
  beforeAll(reset);

  it("deletes with the emulator's text, then the id is gone", async () => {
    const r = await del("/v1/stores/5");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: "success", message: "Depo silme işlemi başarılı" });
    expect((await get("/v1/stores/5")).status).toBe(404);
    expect((await get("/v1/stores?page=1&limit=10")).json.totalItems).toBe(6);
  });

  it("refuses to delete the default warehouse (422)", async () => {
    const r = await del("/v1/stores/1");
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ status: "error", message: "Varsayılan depo silinemez." });
    expect((await get("/v1/stores/1")).status).toBe(200);
  });

  it("deletes the former default once the flag has moved", async () => {
    await put("/v1/stores/2", { isDefault: 1 });
    expect((await del("/v1/stores/1")).status).toBe(200);
    expect((await del("/v1/stores/2")).status).toBe(422);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["5", "999", "x"]) {
      const r = await del(`/v1/stores/${id}`);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ status: "error", message: "Depo bulunamadı." });
    }
  });
});

describe("POST /v1/action/orders-erp-transfer", () => {
  beforeAll(reset);

  it("answers the documented shape: success with per-order outcomes", async () => {
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: ["3572228", "9999999", "3572139"] });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe(JSON_TYPE);
    expect(r.json).toEqual({
      status: "success",
      message: "Sipariş ERP aktarım işlemi tamamlandı",
      data: {
        transferred: ["3572228", "3572139"],
        not_transferred: [{ id: "9999999", error: "Sipariş bulunamadı." }],
      },
    });
  });

  it("reports already transferred orders, also a repeat within one request", async () => {
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: ["3572228", "3572001", "3572001"] });
    expect(r.json.data).toEqual({
      transferred: ["3572001"],
      not_transferred: [
        { id: "3572228", error: "Sipariş daha önce aktarılmış." },
        { id: "3572001", error: "Sipariş daha önce aktarılmış." },
      ],
    });
  });

  it("answers status success even when every order failed", async () => {
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: ["3572228", "123"] });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe("success");
    expect(r.json.message).toBe("Sipariş ERP aktarım işlemi tamamlandı");
    expect(r.json.data.transferred).toEqual([]);
    expect(r.json.data.not_transferred).toHaveLength(2);
  });

  it("never coerces ids: a leading zero makes another (unknown) id", async () => {
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: ["03572002", "3572002 ", "3572002"] });
    expect(r.json.data).toEqual({
      transferred: ["3572002"],
      not_transferred: [
        { id: "03572002", error: "Sipariş bulunamadı." },
        { id: "3572002 ", error: "Sipariş bulunamadı." },
      ],
    });
  });

  it("records the state (visible in the control API)", async () => {
    const r = await get("/__emulator/orders?state=transferred");
    expect(r.json).toEqual({ ids: ["3572001", "3572002", "3572139", "3572228"] });
    const pending = await get("/__emulator/orders?state=pending&limit=3");
    expect(pending.json).toEqual({ ids: ["3572000", "3572003", "3572004"] });
  });

  it("accepts 100 ids and refuses 101 (422)", async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(3572100 + i));
    const over = await post("/v1/action/orders-erp-transfer", { orderIds: ids });
    expect(over.status).toBe(422);
    expect(over.json.status).toBe("error");
    expect(over.json.message).toBe("Tek seferde en fazla 100 sipariş gönderilebilir.");
    expect(over.json.errors.orderIds).toEqual(["Tek seferde en fazla 100 sipariş gönderilebilir."]);
    const max = await post("/v1/action/orders-erp-transfer", { orderIds: ids.slice(0, 100) });
    expect(max.status).toBe(200);
    expect(max.json.data.transferred.length + max.json.data.not_transferred.length).toBe(100);
  });

  it("refuses an empty list (422)", async () => {
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: [] });
    expect(r.status).toBe(422);
    expect(r.json.message).toBe("Sipariş listesi boş olamaz.");
    expect(r.json.errors.orderIds).toEqual(["Sipariş listesi boş olamaz."]);
  });

  it("refuses a missing list, a non-array, non-string members and invalid JSON (422)", async () => {
    for (const body of [{}, { orderIds: "3572000" }, { orderIds: [3572000] }, { orderIds: ["3572000", null] }, { orderIds: null }]) {
      const r = await post("/v1/action/orders-erp-transfer", body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.errors.orderIds, JSON.stringify(body)).toBeDefined();
    }
    const bad = await call("POST", "/v1/action/orders-erp-transfer", { raw: '{"orderIds":["1"' });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({ status: "error", message: "Geçersiz JSON." });
    // Nothing was transferred by the refused calls.
    expect((await get("/__emulator/orders?state=transferred&limit=10000")).json.ids).not.toContain("3572000");
  });
});

describe("POST /v1/action/products-*-erp-sync", () => {
  beforeAll(reset);

  it("answers the three documented texts exactly (the price text ends with a full stop)", async () => {
    const products = await post("/v1/action/products-erp-sync");
    expect(products.status).toBe(200);
    expect(products.headers.get("content-type")).toBe(JSON_TYPE);
    expect(products.text).toBe('{"status":"success","message":"Ürün içe aktarma işlemi başlatıldı"}');
    const prices = await post("/v1/action/products-price-erp-sync");
    expect(prices.json).toEqual({ status: "success", message: "Fiyat içe aktarma işlemi başlatıldı." });
    const stock = await post("/v1/action/products-qty-erp-sync");
    expect(stock.json).toEqual({ status: "success", message: "Stok güncelleme işlemi başlatıldı" });
  });

  it("ignores any body, even invalid JSON", async () => {
    expect((await post("/v1/action/products-erp-sync", { foo: 1 })).status).toBe(200);
    expect((await call("POST", "/v1/action/products-qty-erp-sync", { raw: "not json" })).status).toBe(200);
  });
});

describe("persistence", () => {
  it("keeps state across close and re-create on the same db file, without reseeding", async () => {
    const file = path.join(dir, "persist.sqlite");
    const first = createEmulator({ token: "persist-token", dbFile: file, quiet: true });
    const a = await first.listen(0);
    const h = { Authorization: "Bearer persist-token", "Content-Type": "application/json" };
    const created = await fetch(`${a.url}/v1/stores`, {
      method: "POST",
      headers: h,
      body: JSON.stringify({ name: "Kalıcı Depo", code: "KALICI" }),
    }).then((r) => r.json());
    await fetch(`${a.url}/v1/stores/7`, { method: "DELETE", headers: h });
    await fetch(`${a.url}/v1/action/orders-erp-transfer`, {
      method: "POST",
      headers: h,
      body: JSON.stringify({ orderIds: ["3572005"] }),
    });
    await first.close();

    const second = createEmulator({ token: "persist-token", dbFile: file, quiet: true });
    const b = await second.listen(0);
    try {
      const list = await fetch(`${b.url}/v1/stores?page=1&limit=100`, { headers: h }).then((r) => r.json());
      expect(list.totalItems).toBe(7);
      expect(list.items.map((w: { code: string }) => w.code)).toContain("KALICI");
      expect(list.items.map((w: { code: string }) => w.code)).not.toContain("GAZ01");
      const view = await fetch(`${b.url}/v1/stores/${created.payload.id}`, { headers: h }).then((r) => r.json());
      expect(view.name).toBe("Kalıcı Depo");
      const again = await fetch(`${b.url}/v1/action/orders-erp-transfer`, {
        method: "POST",
        headers: h,
        body: JSON.stringify({ orderIds: ["3572005"] }),
      }).then((r) => r.json());
      expect(again.data.not_transferred).toEqual([{ id: "3572005", error: "Sipariş daha önce aktarılmış." }]);
    } finally {
      await second.close();
    }
  });
});

describe("control API: reset, seed, orders", () => {
  beforeAll(reset);

  it("reset restores the first-start demo data", async () => {
    await del("/v1/stores/3");
    await post("/v1/stores", { name: "Geçici", code: "TMP" });
    await post("/v1/action/orders-erp-transfer", { orderIds: ["3572000"] });
    await reset();
    const list = await get("/v1/stores?page=1&limit=100");
    expect(list.json.totalItems).toBe(7);
    expect(list.json.items[0]).toEqual(ONLINE);
    expect((await get("/__emulator/orders?state=transferred")).json.ids).toEqual([]);
    const all = await get("/__emulator/orders?limit=10000");
    expect(all.json.ids).toHaveLength(300);
    expect(all.json.ids[0]).toBe("3572000");
    expect(all.json.ids[299]).toBe("3572299");
    // A created warehouse after a reset gets the next id again.
    expect(await createWarehouse({ name: "Sonraki", code: "NEXT" })).toBe(8);
  });

  it("seeds 10,000 warehouses and 10,000 orders in well under a second", async () => {
    await reset();
    const t0 = performance.now();
    const r = await post("/__emulator/seed", { warehouses: 10_000, orders: 10_000 });
    const elapsed = performance.now() - t0;
    expect(r.status).toBe(200);
    expect(elapsed).toBeLessThan(1000);
    expect(r.json.warehouses).toEqual({ created: 10_000, firstId: 8, lastId: 10_007 });
    expect(r.json.orders.created).toBe(10_000);
    expect(r.json.orders.ids).toHaveLength(10_000);
    expect(r.json.orders.ids[0]).toBe("40000000");
    expect(r.json.orders.ids[9_999]).toBe("40009999");
    const w = await get("/v1/stores/8");
    expect(w.json).toEqual({ id: 8, name: "Seed Depo 1", code: "SEED-00001", erpWarehouseId: "1", isDefault: 0, isActive: 1 });
    const list = await get("/v1/stores?page=101&limit=100");
    expect(list.json.totalItems).toBe(10_007);
    expect(list.json.totalPage).toBe(101);
    expect(list.json.items).toHaveLength(7);
    const transfer = await post("/v1/action/orders-erp-transfer", { orderIds: ["40000000", "40009999"] });
    expect(transfer.json.data.transferred).toEqual(["40000000", "40009999"]);
  });

  it("keeps codes and order ids unique when seeding twice with the same prefix", async () => {
    await reset();
    const a = await post("/__emulator/seed", { warehouses: 3, orders: 2, prefix: "Bench" });
    const b = await post("/__emulator/seed", { warehouses: 2, orders: 2, prefix: "Bench" });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.warehouses).toEqual({ created: 2, firstId: 11, lastId: 12 });
    expect((await get("/v1/stores/12")).json).toMatchObject({ name: "Bench Depo 5", code: "BENCH-00005" });
    expect(a.json.orders.ids).toEqual(["40000000", "40000001"]);
    expect(b.json.orders.ids).toEqual(["40000002", "40000003"]);
    const none = await post("/__emulator/seed", {});
    expect(none.json).toEqual({ warehouses: { created: 0, firstId: null, lastId: null }, orders: { created: 0, ids: [] } });
  });

  it("validates seed and orders parameters (422)", async () => {
    expect((await post("/__emulator/seed", { warehouses: -1 })).status).toBe(422);
    expect((await post("/__emulator/seed", { orders: "10" })).status).toBe(422);
    expect((await post("/__emulator/seed", { prefix: "" })).status).toBe(422);
    expect((await get("/__emulator/orders?state=done")).status).toBe(422);
    expect((await get("/__emulator/orders?limit=10001")).status).toBe(422);
    expect((await get("/__emulator/nope")).status).toBe(404);
  });

  it("lists order ids ascending, pending by default limit 100", async () => {
    await reset();
    const r = await get("/__emulator/orders?state=pending");
    expect(r.json.ids).toHaveLength(100);
    expect(r.json.ids.slice(0, 2)).toEqual(["3572000", "3572001"]);
  });
});

describe("fault injection", () => {
  beforeAll(reset);

  it("respond: status with a JSON body", async () => {
    await fault({ path: "/v1/stores", kind: "respond", status: 503, body: { status: "error", message: "Bakım" }, times: 1 });
    const r = await get("/v1/stores?page=1&limit=10");
    expect(r.status).toBe(503);
    expect(r.json).toEqual({ status: "error", message: "Bakım" });
    expect((await get("/v1/stores?page=1&limit=10")).status).toBe(200);
  });

  it("respond with retryAfter: a 503 with Retry-After and the platform's text, the value checked", async () => {
    await fault({ path: "/v1/stores", kind: "respond", status: 503, body: { status: "error", message: "Bakım çalışması" }, retryAfter: 120, times: 1 });
    const r = await get("/v1/stores/1");
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("120");
    expect(r.json).toEqual({ status: "error", message: "Bakım çalışması" });
    expect((await get("/v1/stores/1")).headers.get("retry-after")).toBeNull();
    for (const retryAfter of ["soon", -1, "1\r\nX-A: b"]) expect((await post("/__emulator/faults", { kind: "respond", retryAfter })).status, String(retryAfter)).toBe(422);
  });

  it("respond with escape: the body's strings and keys spelt with \\/, \\u002B or every unit as \\uXXXX, same value", async () => {
    const body = { status: "error", message: "a/b+c ğ/+", errors: { "k/+": ["x/y+z"] }, n: 1e21 };
    const texts: Record<string, string> = {};
    for (const escape of ["slash", "plus", "unicode"]) {
      await fault({ path: "/v1/stores", kind: "respond", status: 422, body, escape, times: 1 });
      const r = await get("/v1/stores/1");
      expect(r.status).toBe(422);
      expect(r.json, escape).toEqual(body);
      texts[escape] = r.text;
    }
    expect(texts.slash).toBe('{"status":"error","message":"a\\/b+c ğ\\/+","errors":{"k\\/+":["x\\/y+z"]},"n":1e+21}');
    expect(texts.plus).toBe('{"status":"error","message":"a/b\\u002Bc ğ/\\u002B","errors":{"k/\\u002B":["x/y\\u002Bz"]},"n":1e+21}');
    expect(texts.unicode).toContain('"\\u0073\\u0074\\u0061\\u0074\\u0075\\u0073":"\\u0065\\u0072\\u0072\\u006f\\u0072"');
    expect(texts.unicode).toContain("\\u011f\\u002f\\u002b");
    expect((await post("/__emulator/faults", { kind: "respond", escape: "hex" })).status).toBe(422);
    await call("DELETE", "/__emulator/faults");
  });

  it("respond with spell: the token in the body's strings and keys written each listed way, other text as it was", async () => {
    // A token with the characters encoders rewrite, on an emulator of its own.
    const token = "spell/Token+7f=";
    const own = createEmulator({ token, dbFile: path.join(dir, "spell.sqlite"), quiet: true });
    const ownBase = (await own.listen(0)).url;
    const send = async (p: string, body?: unknown) => {
      const res = await fetch(ownBase + p, { method: body ? "POST" : "GET", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, text: await res.text() };
    };
    const body = { status: "error", message: `key ${token} refused`, errors: { [token]: [`a/b+c ${token}`] } };
    const expected: Record<string, string> = {
      raw: token,
      "html-hex": "spell&#x2f;Token&#x2b;7f&#x3d;",
      "html-decimal": "spell&#47;Token&#43;7f&#61;",
      "html-named": "spell&sol;Token&plus;7f&equals;",
      "html-every": [...token].map((c) => `&#${c.charCodeAt(0)};`).join(""),
      "percent-every": "%73%70%65%6C%6C%2F%54%6F%6B%65%6E%2B%37%66%3D",
      "plus-space": "spell/Token 7f=",
      "base64-wrapped": "c3BlbGwvVG9rZW4r\r\nN2Y9",
      "x-escape": "spell\\x2fToken\\x2b7f\\x3d",
    };
    try {
      for (const [spelling, spelt] of Object.entries(expected)) {
        expect((await send("/__emulator/faults", { path: "/v1/stores", kind: "respond", status: 422, body, spell: spelling, times: 1 })).status).toBe(200);
        const r = await send("/v1/stores/1");
        expect(r.status).toBe(422);
        expect(JSON.parse(r.text), spelling).toEqual({ status: "error", message: `key ${spelt} refused`, errors: { [spelt]: [`a/b+c ${spelt}`] } });
      }
      await send("/__emulator/faults", { path: "/v1/stores", kind: "respond", status: 422, body, spell: ["raw", "html-hex"], escape: "unicode", times: 1 });
      const both = await send("/v1/stores/1");
      expect(both.text).toContain("\\u0026\\u0023\\u0078\\u0032\\u0066");
      expect(JSON.parse(both.text).message).toBe(`key ${token} ${expected["html-hex"]} refused`);
      for (const spell of [[], ["hex"], "html"]) expect((await send("/__emulator/faults", { kind: "respond", spell })).status, JSON.stringify(spell)).toBe(422);
    } finally {
      await own.close();
    }
  });

  it("respond: default 500 with an empty body", async () => {
    await fault({ kind: "respond", times: 1 });
    const r = await get("/v1/stores/1");
    expect(r.status).toBe(500);
    expect(r.text).toBe("");
  });

  it("malformed-json: 200 whose body fails JSON.parse", async () => {
    await fault({ kind: "malformed-json", times: 1 });
    const res = await fetch(`${base}/v1/stores?page=1&limit=10`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it("html: 502 with a text/html page", async () => {
    await fault({ kind: "html", times: 1 });
    const r = await get("/v1/stores/1");
    expect(r.status).toBe(502);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.text).toContain("<html");
  });

  it("drop: the connection closes without an answer, fetch rejects", async () => {
    await fault({ kind: "drop", times: 1 });
    await expect(
      fetch(`${base}/v1/action/products-erp-sync`, { method: "POST", headers: { Authorization: `Bearer ${TOKEN}` } }),
    ).rejects.toThrow();
    expect((await post("/v1/action/products-erp-sync")).status).toBe(200);
  });

  it("drop-mid-body: headers arrive, reading the body rejects", async () => {
    await fault({ kind: "drop-mid-body", times: 1 });
    const res = await fetch(`${base}/v1/stores?page=1&limit=10`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it("latency: a pure latency rule delays a normal answer; durationMs excludes it", async () => {
    const id = await fault({ path: "/v1/stores/1", latencyMs: 300, times: 1 });
    const since = (await get("/__emulator/requests?since=0")).json.lastSeq as number;
    const t0 = performance.now();
    const r = await get("/v1/stores/1");
    const elapsed = performance.now() - t0;
    expect(r.status).toBe(200);
    expect(r.json).toEqual(ONLINE);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    const log = (await get(`/__emulator/requests?since=${since}`)).json.requests;
    expect(log).toHaveLength(1);
    expect(log[0].faultId).toBe(id);
    expect(log[0].status).toBe(200);
    expect(log[0].durationMs).toBeLessThan(200);
    const t1 = performance.now();
    await get("/v1/stores/1");
    expect(performance.now() - t1).toBeLessThan(250);
  });

  it("latency with a kind: waits, then answers the fault", async () => {
    await fault({ latencyMs: 200, kind: "respond", status: 504, times: 1 });
    const t0 = performance.now();
    const r = await get("/v1/stores/1");
    expect(r.status).toBe(504);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it("apply after: the operation is performed, then the answer is replaced", async () => {
    await fault({ method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 500, apply: "after", times: 1 });
    const r = await post("/v1/action/orders-erp-transfer", { orderIds: ["3572010"] });
    expect(r.status).toBe(500);
    expect((await get("/__emulator/orders?state=transferred")).json.ids).toContain("3572010");

    await fault({ method: "POST", path: "/v1/stores", kind: "drop", apply: "after", times: 1 });
    await expect(
      fetch(`${base}/v1/stores`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Kayıp Yanıt", code: "LOST" }),
      }),
    ).rejects.toThrow();
    const list = await get("/v1/stores?page=1&limit=100");
    expect(list.json.items.map((w: { code: string }) => w.code)).toContain("LOST");
  });

  it("apply before: the operation is not performed", async () => {
    await fault({ method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 500, times: 1 });
    expect((await post("/v1/action/orders-erp-transfer", { orderIds: ["3572011"] })).status).toBe(500);
    expect((await get("/__emulator/orders?state=transferred")).json.ids).not.toContain("3572011");
  });

  it("times decrements; matching uses method and path prefix; first matching rule wins", async () => {
    await call("DELETE", "/__emulator/faults");
    const a = await fault({ method: "put", path: "/v1/stores", kind: "respond", status: 429, times: 2 });
    const b = await fault({ path: "/v1/stores", kind: "respond", status: 503, times: 1 });
    expect((await put("/v1/stores/2", { name: "A" })).status).toBe(429);
    expect((await get("/v1/stores/2")).status).toBe(503); // method mismatch for a, b applies
    expect((await get("/v1/stores/2")).status).toBe(200); // b exhausted
    const listed = (await get("/__emulator/faults")).json.faults;
    expect(listed.find((f: { id: number }) => f.id === a)).toMatchObject({ method: "PUT", times: 1, hits: 1 });
    expect(listed.find((f: { id: number }) => f.id === b)).toMatchObject({ times: 0, hits: 1 });
    expect((await put("/v1/stores/2", { name: "B" })).status).toBe(429);
    expect((await put("/v1/stores/2", { name: "C" })).status).toBe(200);
    expect((await get("/v1/stores/2")).json.name).toBe("C");
    expect((await post("/v1/action/products-erp-sync")).status).toBe(200); // path mismatch
  });

  it("never applies to control paths, and rules can be removed one by one or all", async () => {
    await call("DELETE", "/__emulator/faults");
    const all = await fault({ kind: "respond", status: 500 });
    const other = await fault({ path: "/v1/action", kind: "html" });
    expect((await get("/__emulator/health")).status).toBe(200);
    expect((await get("/v1/stores/1")).status).toBe(500);
    const removed = await call("DELETE", `/__emulator/faults/${all}`);
    expect(removed.json).toEqual({ ok: true });
    expect((await call("DELETE", `/__emulator/faults/${all}`)).status).toBe(404);
    expect((await get("/v1/stores/1")).status).toBe(200);
    expect((await post("/v1/action/products-erp-sync")).status).toBe(502);
    expect((await get("/__emulator/faults")).json.faults.map((f: { id: number }) => f.id)).toEqual([other]);
    expect((await call("DELETE", "/__emulator/faults")).json).toEqual({ ok: true });
    expect((await get("/__emulator/faults")).json.faults).toEqual([]);
    expect((await post("/v1/action/products-erp-sync")).status).toBe(200);
  });

  it("validates rules (422)", async () => {
    for (const rule of [{}, { kind: "explode" }, { kind: "respond", status: 99 }, { latencyMs: -5 }, { kind: "drop", times: 0 }, { path: "v1", kind: "drop" }, { kind: "drop", apply: "later" }]) {
      const r = await post("/__emulator/faults", rule);
      expect(r.status, JSON.stringify(rule)).toBe(422);
    }
    expect((await get("/__emulator/faults")).json.faults).toEqual([]);
  });

  it("reset clears the faults", async () => {
    await fault({ kind: "respond" });
    await reset();
    expect((await get("/__emulator/faults")).json.faults).toEqual([]);
    expect((await get("/v1/stores/1")).status).toBe(200);
  });
});

describe("request log", () => {
  beforeAll(reset);

  it("records method, path, query, body, status and auth, never the token", async () => {
    await post("/v1/stores", { name: "Log Depo", code: "LOG1" });
    await get("/v1/stores?page=2&limit=5");
    await post("/v1/action/orders-erp-transfer", { orderIds: ["3572020"] }, { token: "not-the-token" });
    await call("POST", "/v1/stores", { raw: "plain text" });
    await get("/__emulator/health"); // control paths are not logged
    const r = await get("/__emulator/requests?since=0");
    expect(r.status).toBe(200);
    const entries = r.json.requests;
    expect(entries).toHaveLength(4);
    expect(r.json.lastSeq).toBe(entries[3].seq);
    expect(entries[0]).toMatchObject({
      method: "POST",
      path: "/v1/stores",
      query: {},
      body: { name: "Log Depo", code: "LOG1" },
      authorized: true,
      status: 200,
      faultId: null,
    });
    expect(typeof entries[0].durationMs).toBe("number");
    expect(new Date(entries[0].at).toISOString()).toBe(entries[0].at);
    expect(entries[1]).toMatchObject({ method: "GET", path: "/v1/stores", query: { page: "2", limit: "5" }, body: null });
    expect(entries[2]).toMatchObject({ authorized: false, status: 401, body: { orderIds: ["3572020"] } });
    expect(entries[3]).toMatchObject({ body: "plain text", status: 422 });
    expect(entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4].map((n) => entries[0].seq + n - 1));
    const dump = JSON.stringify(entries);
    expect(dump).not.toContain(TOKEN);
    expect(dump).not.toContain("not-the-token");
    expect(dump.toLowerCase()).not.toContain("bearer");
    expect(dump.toLowerCase()).not.toContain("authorization");
  });

  it("filters by since, records faults and drops, and clears while seq keeps counting", async () => {
    const before = (await get("/__emulator/requests")).json.lastSeq as number;
    const id = await fault({ kind: "drop", times: 1 });
    await expect(fetch(`${base}/v1/stores/1`, { headers: { Authorization: `Bearer ${TOKEN}` } })).rejects.toThrow();
    await get("/v1/nope");
    const after = (await get(`/__emulator/requests?since=${before}`)).json;
    expect(after.requests).toHaveLength(2);
    expect(after.requests[0]).toMatchObject({ seq: before + 1, path: "/v1/stores/1", status: null, faultId: id });
    expect(after.requests[1]).toMatchObject({ seq: before + 2, path: "/v1/nope", status: 404 });
    expect((await get(`/__emulator/requests?since=${before + 1}`)).json.requests).toHaveLength(1);

    expect((await call("DELETE", "/__emulator/requests")).status).toBe(200);
    const empty = (await get("/__emulator/requests?since=0")).json;
    expect(empty).toEqual({ requests: [], lastSeq: before + 2 });
    await get("/v1/stores/1");
    const next = (await get("/__emulator/requests?since=0")).json;
    expect(next.requests.map((e: { seq: number }) => e.seq)).toEqual([before + 3]);
    expect((await get("/__emulator/requests?since=-1")).status).toBe(422);
  });
});

describe("GET /v1/orders (emulator choice)", () => {
  beforeAll(reset);

  it("pages the demo orders oldest first, each with its channel, date, status, warehouse and total; cancelled and split among them", async () => {
    const first = await get("/v1/orders?page=1&limit=100");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ totalItems: 300, totalPage: 3, currentPage: 1, limit: 100 });
    expect(first.json.items[0]).toEqual({ id: "3572000", source: "web", createdAt: expect.any(String), status: "approved", warehouseId: 1, total: 100.9 });
    const all = [...first.json.items, ...(await get("/v1/orders?page=2&limit=100")).json.items, ...(await get("/v1/orders?page=3&limit=100")).json.items];
    expect(new Set(all.map((o: { id: string }) => o.id)).size).toBe(300);
    expect(all.filter((o: { status: string }) => o.status === "cancelled").map((o: { id: string }) => o.id)).toEqual(["3572007", "3572057", "3572107", "3572157", "3572207", "3572257"]);
    expect(all.filter((o: { status: string }) => o.status === "split").map((o: { id: string }) => o.id)).toEqual(["3572011", "3572071", "3572131", "3572191", "3572251"]);
    expect(new Set(all.map((o: { source: string }) => o.source))).toEqual(new Set(["web", "trendyol", "hepsiburada"]));
    expect((await get("/v1/orders?page=4&limit=100")).json.items).toEqual([]);
  });

  it("filters by a created-date range (from inclusive, to exclusive) and by source", async () => {
    await post("/__emulator/seed", { orders: 3, orderCreatedAt: "2020-01-02T10:00:00Z", orderSource: "trendyol", orderStatus: "cancelled" });
    const day = await get("/v1/orders?page=1&limit=10&createdFrom=2020-01-02T00:00:00Z&createdTo=2020-01-03T00:00:00%2B00:00");
    expect(day.json.totalItems).toBe(3);
    expect(day.json.items.map((o: { status: string; createdAt: string }) => [o.status, o.createdAt])).toEqual(Array(3).fill(["cancelled", "2020-01-02T10:00:00.000Z"]));
    expect((await get("/v1/orders?page=1&limit=10&createdFrom=2020-01-02T10:00:00Z&createdTo=2020-01-02T10:00:00Z")).json.totalItems).toBe(0);
    expect((await get("/v1/orders?page=1&limit=10&source=trendyol")).json.totalItems).toBe(103);
  });

  it("refuses a bad page, limit or date on its field", async () => {
    const r = await get("/v1/orders?page=0&limit=101&createdFrom=yesterday");
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors).sort()).toEqual(["createdFrom", "limit", "page"]);
    expect((await post("/v1/orders", {})).status).toBe(405);
  });
});
