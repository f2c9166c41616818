import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmulator } from "@/emulator/server";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { redact, registerSecret } from "@/lib/log";
import { leakSearch, tokenNeedles } from "@/test/token-needles";
import { SPELLINGS } from "@/emulator/faults";

// The upstream client against the real emulator over HTTP, including each injected fault.

// "/" and "+" are what JSON producers escape (PHP `\\/`, .NET `\\u002B`).
const TOKEN = "unit-test/token+5d1f0c";
let dir: string;
let emulatorUrl: string;
let close: () => Promise<void>;
let client: UpstreamClient;

async function control(method: string, p: string, body?: unknown) {
  const res = await fetch(`${emulatorUrl}/__emulator${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return res.json();
}

const fault = (rule: Record<string, unknown>) => control("POST", "/faults", rule);

async function logged(): Promise<{ method: string; path: string; body: unknown }[]> {
  return ((await control("GET", "/requests?since=0")) as { requests: { method: string; path: string; body: unknown }[] }).requests;
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "labs-client-"));
  const emulator = createEmulator({ token: TOKEN, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  const { url } = await emulator.listen(0);
  emulatorUrl = url;
  close = () => emulator.close();
  client = createUpstreamClient({ baseUrl: url, token: TOKEN, timeoutMs: 1000, retryDelayMs: 10 });
});

afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await control("POST", "/reset");
});

describe("calls and normalisation", () => {
  it("lists warehouses with flags as booleans and the ONLINE default first", async () => {
    const page = await client.listWarehouses({ page: 1, limit: 10 });
    expect(page.currentPage).toBe(1);
    expect(page.limit).toBe(10);
    expect(page.items[0]).toEqual({ id: 1, name: "Online", code: "ONLINE", erpWarehouseId: null, isDefault: true, isActive: true });
    expect(page.items.every((w) => typeof w.isActive === "boolean" && typeof w.isDefault === "boolean")).toBe(true);
  });

  it("normalises every spelling of a flag and keeps ERP ids as strings", async () => {
    await fault({
      method: "GET",
      path: "/v1/stores",
      times: 1,
      kind: "respond",
      status: 200,
      body: {
        items: [
          { id: 7, name: "A", code: "A", erpWarehouseId: "0042", isDefault: "1", isActive: true },
          { id: "8", name: "B", code: "B", erpWarehouseId: 42, isDefault: false, isActive: "0" },
        ],
        totalItems: 2,
        totalPage: 1,
        currentPage: 1,
        limit: 10,
      },
    });
    const page = await client.listWarehouses({ page: 1, limit: 10 });
    expect(page.items).toEqual([
      { id: 7, name: "A", code: "A", erpWarehouseId: "0042", isDefault: true, isActive: true },
      { id: 8, name: "B", code: "B", erpWarehouseId: "42", isDefault: false, isActive: false },
    ]);
  });

  it("creates, reads, updates and deletes a warehouse, sending flags as 1/0", async () => {
    const created = await client.createWarehouse({ name: "Unit Depo", code: "UNIT1", erpWarehouseId: "007", isActive: false });
    expect(created.message).toBe("Depo ekleme işlemi başarılı");
    const read = await client.getWarehouse(created.id);
    expect(read).toEqual({ id: created.id, name: "Unit Depo", code: "UNIT1", erpWarehouseId: "007", isDefault: false, isActive: false });
    const updated = await client.updateWarehouse(created.id, { isActive: true });
    expect(updated).toEqual({ id: created.id, message: "Depo ekleme işlemi başarılı" });
    const sent = (await logged()).filter((r) => r.method !== "GET").map((r) => r.body);
    expect(sent).toEqual([{ name: "Unit Depo", code: "UNIT1", erpWarehouseId: "007", isActive: 0 }, { isActive: 1 }]);
    expect((await client.deleteWarehouse(created.id)).message).toBe("Depo silme işlemi başarılı");
    const gone = await failure(client.getWarehouse(created.id));
    expect(gone.kind).toBe("http");
    expect(gone.status).toBe(404);
  });

  it("transfers orders keeping ids as strings and reports the failures inside a success", async () => {
    const result = await client.transferOrders(["3572000", "0003572001", "9999999"]);
    expect(result.transferred).toEqual(["3572000"]);
    expect(result.notTransferred).toEqual([
      { id: "0003572001", error: "Sipariş bulunamadı." },
      { id: "9999999", error: "Sipariş bulunamadı." },
    ]);
    const again = await client.transferOrders(["3572000"]);
    expect(again.notTransferred).toEqual([{ id: "3572000", error: "Sipariş daha önce aktarılmış." }]);
  });

  it("stringifies numeric order ids coming back from the upstream", async () => {
    await fault({
      path: "/v1/action/orders-erp-transfer",
      times: 1,
      kind: "respond",
      status: 200,
      body: { status: "success", message: "ok", data: { transferred: [3572228], not_transferred: [{ id: 3572151, error: "x" }] } },
    });
    const result = await client.transferOrders(["3572228", "3572151"]);
    expect(result.transferred).toEqual(["3572228"]);
    expect(result.notTransferred).toEqual([{ id: "3572151", error: "x" }]);
  });

  it("starts each import with the upstream's exact message", async () => {
    expect(await client.startImport("products")).toEqual({ message: "Ürün içe aktarma işlemi başlatıldı" });
    expect(await client.startImport("prices")).toEqual({ message: "Fiyat içe aktarma işlemi başlatıldı." });
    expect(await client.startImport("stock")).toEqual({ message: "Stok güncelleme işlemi başlatıldı" });
  });

  it("refuses malformed ids before anything is sent", async () => {
    await expect(client.getWarehouse(0)).rejects.toThrow(TypeError);
    await expect(client.getWarehouse(1.5)).rejects.toThrow(TypeError);
    await expect(client.deleteWarehouse(Number.MAX_SAFE_INTEGER + 2)).rejects.toThrow(TypeError);
    await expect(client.listWarehouses({ page: 1, limit: -1 })).rejects.toThrow(TypeError);
    expect(await logged()).toEqual([]);
  });
});

describe("faults surface as UpstreamError with a useful message", () => {
  it("timeout", async () => {
    await fault({ path: "/v1/stores", latencyMs: 1500, times: 2 });
    const e = await failure(client.listWarehouses({ page: 1, limit: 10 }));
    expect(e.kind).toBe("timeout");
    expect(e.message).toMatch(/list warehouses: no answer within 1000 ms/);
  });

  it("5xx with a JSON body, never passing success", async () => {
    await fault({ path: "/v1/stores", kind: "respond", status: 500, body: { status: "error", message: "Sunucu hatası" } });
    const e = await failure(client.createWarehouse({ name: "X", code: "X1" }));
    expect(e.kind).toBe("http");
    expect(e.status).toBe(500);
    expect(e.upstreamMessage).toBe("Sunucu hatası");
    expect(e.mayHaveActed).toBe(true);
  });

  it("5xx without a body", async () => {
    await fault({ path: "/v1/stores", kind: "respond", status: 503 });
    const e = await failure(client.getWarehouse(1));
    expect(e.kind).toBe("http");
    expect(e.status).toBe(503);
    expect(e.message).toContain("HTTP 503");
  });

  it("401 from a wrong token", async () => {
    const wrong = createUpstreamClient({ baseUrl: emulatorUrl, token: "not-the-token", timeoutMs: 1000 });
    const e = await failure(wrong.getWarehouse(1));
    expect(e.kind).toBe("http");
    expect(e.status).toBe(401);
    expect(e.upstreamMessage).toBe("Yetkisiz erişim.");
    expect(e.message).not.toContain("not-the-token");
  });

  it("422 with the upstream's message and field errors", async () => {
    const e = await failure(client.createWarehouse({ name: "Dup", code: "ONLINE" }));
    expect(e.status).toBe(422);
    expect(e.upstreamMessage).toBe("Bu depo kodu zaten kullanılıyor.");
    expect(e.fieldErrors?.code).toEqual(["Bu depo kodu zaten kullanılıyor."]);
    expect(e.mayHaveActed).toBe(false);
  });

  it.each([null, "slash", "plus", "unicode"] as const)("an upstream echoing the token back never hands it on, in any encoding (JSON escape: %s)", async (escape) => {
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const forms = [TOKEN, encodeURIComponent(TOKEN), Buffer.from(TOKEN).toString("hex"), b64(TOKEN), b64(`Authorization: Bearer ${TOKEN}`)];
    const leaks = (value: unknown) => tokenNeedles(TOKEN).filter((n) => JSON.stringify(value).includes(n.value)).map((n) => n.name);
    await fault({
      path: "/v1/stores",
      method: "POST",
      kind: "respond",
      status: 422,
      times: 1,
      escape,
      body: { status: "error", message: `Geçersiz anahtar: Bearer ${TOKEN}`, errors: { token: forms, [TOKEN]: "key" } },
    });
    const e = await failure(client.createWarehouse({ name: "Echo", code: "ECHO1" }));
    expect(e.upstreamMessage).toBe("Geçersiz anahtar: Bearer [redacted]");
    // A base64 form keeps the characters that also depend on its neighbours' bytes.
    expect(e.fieldErrors?.token).toEqual(forms.map(() => expect.stringContaining("[redacted]")));
    expect(e.fieldErrors?.["[redacted]"]).toEqual(["key"]);
    expect(leaks([e.message, e.upstreamMessage, e.fieldErrors])).toEqual([]);

    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 200, times: 1, escape, body: {
      status: "success", message: `ok ${forms.join(" ")}`, data: { transferred: [], not_transferred: [{ id: "1", error: `token ${TOKEN} refused` }] },
    } });
    const r = await client.transferOrders(["1"]);
    expect(r.message.match(/\[redacted\]/g)).toHaveLength(forms.length);
    expect(r.notTransferred[0]?.error).toBe("token [redacted] refused");

    await fault({ path: "/v1/stores/1", kind: "respond", status: 200, times: 1, escape, body: { id: 1, name: `Depo ${TOKEN}`, code: "C1", erpWarehouseId: b64(TOKEN) } });
    const w = await client.getWarehouse(1);
    expect([w.name, w.erpWarehouseId]).toEqual(["Depo [redacted]", expect.stringContaining("[redacted]")]);
    expect(leaks([r, w])).toEqual([]);
  });

  it.each(SPELLINGS.filter((s) => s !== "raw"))("an upstream spelling the token back as %s (outside review 3, N-1) never hands it on", async (spelling) => {
    const search = leakSearch(TOKEN);
    const leaks = (value: unknown) => search.leaks(JSON.stringify(value));
    const spell = [spelling];
    await fault({ path: "/v1/stores", method: "POST", kind: "respond", status: 422, times: 1, spell, body: { status: "error", message: `Invalid key ${TOKEN} refused`, errors: { token: [TOKEN] } } });
    const e = await failure(client.createWarehouse({ name: "Echo", code: "ECHO4" }));
    expect(e.upstreamMessage).toMatch(/^Invalid key .*\[redacted\].* refused$/s);
    expect(leaks([e.message, e.upstreamMessage, e.fieldErrors])).toEqual([]);

    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 200, times: 1, spell, body: {
      status: "success", message: `ok ${TOKEN}`, data: { transferred: [], not_transferred: [{ id: "1", error: `token ${TOKEN} refused` }] },
    } });
    const r = await client.transferOrders(["1"]);
    await fault({ path: "/v1/stores/1", kind: "respond", status: 200, times: 1, spell, body: { id: 1, name: `Depo ${TOKEN}`, code: "C1", erpWarehouseId: null } });
    const w = await client.getWarehouse(1);
    expect([r.notTransferred[0]?.error, w.name]).toEqual([expect.stringContaining("[redacted]"), expect.stringContaining("[redacted]")]);
    expect(leaks([r, w])).toEqual([]);
  });

  it("redacts the parsed answer too: a credential only escapes spell past the raw text is caught after parsing", async () => {
    // `Bearer\u0020<credential>`: no whitespace in the raw text, a plain "Bearer <credential>" once parsed.
    await fault({ path: "/v1/stores", method: "POST", kind: "respond", status: 422, times: 1, escape: "unicode", body: { status: "error", message: "Authorization: Bearer someone-elses-credential" } });
    const e = await failure(client.createWarehouse({ name: "Echo", code: "ECHO3" }));
    expect(e.upstreamMessage).toBe("Authorization: Bearer [redacted]");
  });

  it("the client and the log redact the same forms of the token", async () => {
    registerSecret(TOKEN);
    const inside = (lead: number, encoding: "base64" | "base64url") =>
      Buffer.concat([Buffer.from("x".repeat(lead)), Buffer.from(`${TOKEN}?>`), Buffer.from(" tail")]).toString(encoding);
    const echoed = [
      `raw ${TOKEN}`,
      `url ${encodeURIComponent(`${TOKEN}&`)}`,
      "Authorization: Bearer someone-elses",
      ...[0, 1, 2].flatMap((lead) => [inside(lead, "base64"), inside(lead, "base64url")]),
    ];
    await fault({ path: "/v1/stores", method: "POST", kind: "respond", status: 422, times: 1, body: { status: "error", message: "no", errors: { token: echoed } } });
    const e = await failure(client.createWarehouse({ name: "Echo", code: "ECHO2" }));
    expect(e.fieldErrors?.token).toEqual(echoed.map(redact));
    for (const text of e.fieldErrors?.token ?? []) expect(text).toContain("[redacted]");
  });

  it("malformed JSON", async () => {
    await fault({ path: "/v1/stores", kind: "malformed-json", times: 1 });
    const e = await failure(client.listWarehouses({ page: 1, limit: 10 }));
    expect(e.kind).toBe("invalid-response");
    expect(e.message).toContain("not JSON");
  });

  it("an HTML error page", async () => {
    await fault({ path: "/v1/stores", kind: "html", status: 502 });
    const e = await failure(client.getWarehouse(1));
    expect(e.kind).toBe("http");
    expect(e.status).toBe(502);
    expect(e.upstreamMessage).toBeUndefined();
  });

  it("an HTML page with a 200 status", async () => {
    await fault({ path: "/v1/stores", kind: "html", status: 200, times: 1 });
    const e = await failure(client.getWarehouse(1));
    expect(e.kind).toBe("invalid-response");
  });

  it("a 200 answer of the wrong shape", async () => {
    await fault({ path: "/v1/stores/1", kind: "respond", status: 200, body: { unexpected: true }, times: 1 });
    const e = await failure(client.getWarehouse(1));
    expect(e.kind).toBe("invalid-response");
    expect(e.message).toMatch(/unexpected shape/);
  });

  it("a dropped connection", async () => {
    await fault({ path: "/v1/action", kind: "drop" });
    const e = await failure(client.startImport("stock"));
    expect(e.kind).toBe("network");
    expect(e.mayHaveActed).toBe(true);
  });

  it("a connection dropped mid-body", async () => {
    await fault({ path: "/v1/stores", kind: "drop-mid-body" });
    const e = await failure(client.listWarehouses({ page: 1, limit: 10 }));
    expect(e.kind).toBe("network");
  });

  it.each([
    ["503 with Retry-After (maintenance)", { kind: "respond", status: 503, retryAfter: 120, body: { status: "error", message: "Bakım çalışması" } }, false, "Bakım çalışması"],
    ["503 with Retry-After and a problem+json detail", { kind: "respond", status: 503, retryAfter: 30, body: { type: "about:blank", title: "Service Unavailable", detail: "Bakım çalışması" } }, false, "Bakım çalışması"],
    ["429", { kind: "respond", status: 429, body: { status: "error", message: "Çok fazla istek." } }, false, "Çok fazla istek."],
    ["503 without Retry-After", { kind: "respond", status: 503 }, true, undefined],
    ["500", { kind: "respond", status: 500, retryAfter: 5 }, true, undefined],
    ["502", { kind: "respond", status: 502 }, true, undefined],
    ["504", { kind: "respond", status: 504, retryAfter: 5 }, true, undefined],
  ])("a write answered %s: may have acted %s, with the platform's text", async (_name, rule, acted, text) => {
    await fault({ path: "/v1/action/orders-erp-transfer", times: 1, ...rule });
    const e = await failure(client.transferOrders(["3572099"]));
    expect(e.kind).toBe("http");
    expect(e.mayHaveActed).toBe(acted);
    expect(e.upstreamMessage).toBe(text);
  });

  it("a TLS handshake that fails or never ends sent nothing: the upstream did not act", async () => {
    const held: import("node:net").Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as AddressInfo;
    const tls = createUpstreamClient({ baseUrl: emulatorUrl.replace("http:", "https:"), token: TOKEN, timeoutMs: 1000 });
    const before = (await logged()).length;
    const refused = await failure(tls.transferOrders(["3572098"]));
    expect([refused.kind, refused.mayHaveActed]).toEqual(["network", false]);
    expect((await logged()).length).toBe(before);
    const hung = createUpstreamClient({ baseUrl: `https://127.0.0.1:${port}`, token: TOKEN, timeoutMs: 200 });
    const e = await failure(hung.transferOrders(["3572097"]));
    held.forEach((socket) => socket.destroy());
    await new Promise((r) => silent.close(r));
    expect([e.kind, e.mayHaveActed]).toEqual(["timeout", false]);
  });

  it("a refused connection says the upstream did not act", async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const nowhere = createUpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, timeoutMs: 1000, retryDelayMs: 1 });
    const e = await failure(nowhere.transferOrders(["3572000"]));
    expect(e.kind).toBe("network");
    expect(e.mayHaveActed).toBe(false);
  });
});

describe("retries", () => {
  it("retries a read once after a 503", async () => {
    await fault({ path: "/v1/stores/1", kind: "respond", status: 503, times: 1 });
    const w = await client.getWarehouse(1);
    expect(w.code).toBe("ONLINE");
    expect((await logged()).filter((r) => r.path === "/v1/stores/1")).toHaveLength(2);
  });

  it("never retries a write the upstream may have acted on", async () => {
    await fault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 502, apply: "after" });
    const e = await failure(client.transferOrders(["3572010"]));
    expect(e.status).toBe(502);
    expect(e.mayHaveActed).toBe(true);
    expect((await logged()).filter((r) => r.method === "POST")).toHaveLength(1);
    const pending = (await control("GET", "/orders?state=transferred&limit=10")) as { ids: string[] };
    expect(pending.ids).toContain("3572010");
  });

  it("never retries a create after a dropped connection", async () => {
    await fault({ path: "/v1/stores", method: "POST", kind: "drop", apply: "after" });
    await failure(client.createWarehouse({ name: "Once", code: "ONCE1" }));
    expect((await logged()).filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
