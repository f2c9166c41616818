import { stubDoors } from "@/test/route-mocks";
import Papa from "papaparse";
import readXlsxFile from "read-excel-file/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ErpRouteGround, type ErpRouteState, OPERATOR, startErpRoutes, VIEWER, waitForRun } from "@/test/erp-routes";
import { callRoute } from "@/test/in-process-console";
import { scrape } from "@/lib/metrics";
import { sample } from "@/test/metrics-text";

// The /api/erp route handlers end to end in-process: the real wrapper, store, runner and the
// emulator over HTTP, runs worked by the real job engine; only the session, the store's door and the config are stubbed.

const TOKEN = "erp-routes-test-token-41aa";
const state = stubDoors({
  ...({ member: null } as ErpRouteState),
  locale: "en" as "en" | "tr",
  config: () => ({ erp: { batchSize: 2, maxOrdersPerRun: 5, importRepeatWindowMinutes: 15 }, jobs: { heartbeatSeconds: 10, superviseSeconds: 1 }, exports: { maxRows: 100_000 } }),
});

const { stopTransferJobs } = await import("@/lib/erp/service");

let ground: ErpRouteGround;

async function postTransfer(body: unknown, key?: string) {
  return callRoute("POST", "/api/erp/transfers", body, key ? { "idempotency-key": key } : {});
}

beforeAll(async () => {
  ground = await startErpRoutes(state, "erp-routes", TOKEN);
});

afterAll(async () => {
  await ground.close(stopTransferJobs);
});

beforeEach(async () => {
  state.member = OPERATOR;
  await ground.control("POST", "/reset");
});

describe("POST /api/erp/transfers", () => {
  it("creates a run (201), gives it back for the same key (200), refuses the key for another body (409)", async () => {
    const counted = async () => {
      const text = await scrape(async () => ({ queue: { count: 0, oldest: null }, failuresOpen: {} }));
      const orders = ["transferred", "rejected", "failed"].map((meaning) => sample(text, "labs_console_transfer_orders_total", { meaning, origin: "new" }));
      return [sample(text, "labs_console_transfer_runs_total", { result: "complete_with_rejections", origin: "new" }), ...orders];
    };
    const before = await counted();
    const first = await postTransfer({ orderIds: ["3572000", "3572001", "9999999"] }, "key-route-0001");
    expect(first.status).toBe(201);
    const { run } = await first.json();
    expect(run.counts.total).toBe(3);
    expect(run.totalBatches).toBe(2);
    expect(first.headers.get("location")).toBe(`/api/erp/transfers/${run.id}`);

    const again = await postTransfer({ orderIds: ["3572000", "3572001", "9999999"] }, "key-route-0001");
    expect(again.status).toBe(200);
    expect((await again.json()).run.id).toBe(run.id);

    const other = await postTransfer({ orderIds: ["3572002"] }, "key-route-0001");
    expect(other.status).toBe(409);
    expect((await other.json()).reason).toBe("idempotency_key_reused");

    const done = await waitForRun(run.id);
    expect(done.run.status).toBe("with_failures");
    expect(done.run.result).toBe("complete_with_rejections");
    expect(done.run.meanings).toMatchObject({ transferred: 2, rejected: 1, failed: 0, alreadyInErp: 0 });
    expect(done.run.counts).toMatchObject({ transferred: 2, notTransferred: 1 });
    expect(done.orders.items.map((o: { orderId: string; outcome: string }) => [o.orderId, o.outcome])).toEqual([
      ["3572000", "transferred"],
      ["3572001", "transferred"],
      ["9999999", "not_transferred"],
    ]);

    const audit = await state.conn.selectFrom("audit_events").selectAll().where("target_id", "=", run.id).orderBy("id").execute();
    expect(audit.map((a) => [a.action, a.outcome, a.actor_email, JSON.parse(a.details_json ?? "{}").event])).toEqual([
      ["erp.transfer", "success", "operator@demo.local", "created"],
      ["erp.transfer", "success", "operator@demo.local", "completed"],
    ]);
    expect((await counted()).map((n, i) => n - before[i]!)).toEqual([1, 2, 1, 0]);
  });

  it("validates the key and the body (422), the role (403) and the origin (403)", async () => {
    expect((await postTransfer({ orderIds: ["1"] })).status).toBe(422);
    const tooMany = await postTransfer({ orderIds: ["1", "2", "3", "4", "5", "6"] }, "key-route-0002");
    expect(tooMany.status).toBe(422);
    expect(Object.keys((await tooMany.json()).errors)).toEqual(["orderIds"]);
    expect((await postTransfer({ orderIds: ["12x"] }, "key-route-0003")).status).toBe(422);
    expect((await postTransfer({ orderIds: [] }, "key-route-0004")).status).toBe(422);
    const noParent = await postTransfer({ parentRunId: "00000000-0000-4000-8000-000000000000", retry: "failed" }, "key-route-0005");
    expect(noParent.status).toBe(404);

    state.member = VIEWER;
    const viewer = await postTransfer({ orderIds: ["1"] }, "key-route-0006");
    expect(viewer.status).toBe(403);
    expect((await viewer.json()).detail).toMatch(/Your role \(viewer\) may not/);

    state.member = OPERATOR;
    const cross = await callRoute("POST", "/api/erp/transfers", { orderIds: ["1"] }, { origin: "http://evil.example", "idempotency-key": "key-route-0007" });
    expect(cross.status).toBe(403);
    const keys = ["key-route-0002", "key-route-0003", "key-route-0004", "key-route-0005", "key-route-0006", "key-route-0007"];
    expect(await state.conn.selectFrom("erp_transfer_runs").select("id").where("idempotency_key", "in", keys).execute()).toEqual([]);
  });

  it("carries pasted channels onto the run's orders; a bad cell or an id not sent is refused on its field and starts nothing", async () => {
    const channels = [{ id: "3572010", source: "Trendyol", orderDate: "2026-11-27T14:05:00Z", packageId: "PK-1" }, { id: "3572011", source: "web" }];
    const res = await postTransfer({ orderIds: ["3572010", "3572011", "3572012"], channels }, "key-route-0100");
    expect(res.status).toBe(201);
    const { run } = await res.json();
    const rows = await state.conn.selectFrom("erp_transfer_orders").select(["order_id", "source", "order_date", "package_id"]).where("run_id", "=", run.id).orderBy("position").execute();
    expect(rows.map((r) => [r.order_id, r.source, r.order_date?.toISOString() ?? null, r.package_id])).toEqual([
      ["3572010", "trendyol", "2026-11-27T14:05:00.000Z", "PK-1"],
      ["3572011", "web", null, null],
      ["3572012", null, null, null],
    ]);
    await waitForRun(run.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ orderIds: ["3572013"], channels: [{ id: "3572013", source: "-bad" }] }, { "channels.0.source": ["Give the channel as \"web\" or a marketplace's name: 1 to 40 letters, digits, spaces, dots, dashes or underscores."] }],
      [{ orderIds: ["3572013"], channels: [{ id: "3572013", orderDate: "2999-01-01T00:00:00Z" }] }, { "channels.0.orderDate": expect.any(Array) }],
      [{ orderIds: ["3572013"], channels: [{ id: "3572013" }, { id: "3572014", packageId: "PK-2" }] }, { "channels.1.id": ["3572014 has a channel but is not one of the order ids sent."] }],
      [{ retry: "failed", parentRunId: run.id, channels: [{ id: "3572010" }] }, { channels: ["Channels go with a list of order ids (orderIds), not with a retry."] }],
    ];
    for (const [i, [body, errors]] of cases.entries()) {
      const refused = await postTransfer(body, `key-route-01${10 + i}`);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect((await refused.json()).errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await state.conn.selectFrom("erp_transfer_runs").select("id").where("idempotency_key", "like", "key-route-011%").execute()).toEqual([]);
  });

  it("sends a finished run's rejected orders again only when confirmed, as a linked run", async () => {
    const created = await (await postTransfer({ orderIds: ["3572010", "9999998"] }, "key-route-0010")).json();
    const running = await postTransfer({ parentRunId: created.run.id, retry: "rejected", confirmRejected: true }, "key-route-0011");
    // Refused while the parent runs, or accepted once it finished: never both at once.
    if (running.status === 409) await waitForRun(created.run.id);
    await waitForRun(created.run.id);
    // Not found is no failure: a retry of failed orders finds nothing, and the confirmation is required.
    const failed = await postTransfer({ parentRunId: created.run.id, retry: "failed" }, "key-route-0014");
    expect(failed.status).toBe(409);
    expect(await failed.json()).toMatchObject({ reason: "nothing_to_retry" });
    const unconfirmed = await postTransfer({ parentRunId: created.run.id, retry: "rejected" }, "key-route-0015");
    expect(unconfirmed.status).toBe(422);
    expect(Object.keys((await unconfirmed.json()).errors)).toEqual(["confirmRejected"]);
    const retry = running.status === 201 ? running : await postTransfer({ parentRunId: created.run.id, retry: "rejected", confirmRejected: true }, "key-route-0012");
    expect(retry.status).toBe(201);
    const child = (await retry.json()).run;
    expect(child.parentRunId).toBe(created.run.id);
    expect(child.origin).toBe("resend_rejected");
    const detail = await waitForRun(child.id);
    expect(detail.orders.items.map((o: { orderId: string }) => o.orderId)).toEqual(["9999998"]);
    expect(detail.run.parent.id).toBe(created.run.id);
    const unknown = await postTransfer({ parentRunId: created.run.id, retry: "unknown" }, "key-route-0013");
    expect(unknown.status).toBe(422);
    expect(Object.keys((await unknown.json()).errors)).toEqual(["confirmUnknown"]);
  });
});

describe("POST /api/erp/transfers: a retry of a run that does not exist", () => {
  it("is a 404 naming parentRunId, in English and as a code", async () => {
    const res = await postTransfer({ parentRunId: "00000000-0000-4000-8000-000000000000", retry: "failed" }, "key-route-0040");
    expect(res.status).toBe(404);
    const missing = { code: "validation.erp.retryRefused.parent_not_found" };
    expect(await res.json()).toMatchObject({
      code: "not_found",
      detail: "The run to retry does not exist.",
      errors: { parentRunId: ["The run to retry does not exist."] },
      fieldCodes: { parentRunId: [missing] },
    });
  });
});

describe("POST /api/erp/transfers: a retry hands orders on once", () => {
  it("answers 409 for a second retry of the same orders, replays the first for its key, and sends each id once", async () => {
    const parent = (await (await postTransfer({ orderIds: ["3572030", "9999971", "9999972"] }, "key-route-0030")).json()).run;
    await waitForRun(parent.id);
    const again = { parentRunId: parent.id, retry: "rejected", confirmRejected: true };
    const first = await postTransfer(again, "key-route-0031");
    expect(first.status).toBe(201);
    const child = (await first.json()).run;
    await waitForRun(child.id);

    const second = await postTransfer(again, "key-route-0032");
    expect(second.status).toBe(409);
    expect(second.headers.get("content-type")).toBe("application/problem+json");
    expect(await second.json()).toMatchObject({
      code: "conflict",
      reason: "already_retried",
      detail: "These orders were already sent again in a later run.",
      detailCode: { code: "validation.erp.retryRefused.already_retried" },
    });
    const replay = await postTransfer(again, "key-route-0031");
    expect(replay.status).toBe(200);
    expect((await replay.json()).run.id).toBe(child.id);

    const sent = ((await ground.control("GET", "/requests?since=0")) as { requests: { path: string; body: { orderIds: string[] } }[] }).requests
      .filter((r) => r.path === "/v1/action/orders-erp-transfer")
      .flatMap((r) => r.body.orderIds);
    expect(sent.filter((id) => id === "9999971")).toHaveLength(2);
    expect(sent.filter((id) => id === "9999972")).toHaveLength(2);

    const page = await (await callRoute("GET", `/api/erp/transfers/${parent.id}`)).json();
    expect(page.run.retryable).toEqual({ failed: 0, unsent: 0, unknown: 0, rejected: 0 });
    expect(page.orders.items.map((o: { orderId: string; retriedIn: string | null }) => [o.orderId, o.retriedIn])).toEqual([
      ["3572030", null],
      ["9999971", child.id],
      ["9999972", child.id],
    ]);
    const created = await state.conn.selectFrom("erp_transfer_runs").select("id").where("parent_run_id", "=", parent.id).execute();
    expect(created).toEqual([{ id: child.id }]);
  });
});

describe("GET /api/erp/transfers[/{runId}[/export]]", () => {
  it("lists runs, answers 422 for a malformed id and 404 for an unknown one, and exports CSV and ids", async () => {
    const { run } = await (await postTransfer({ orderIds: ["3572020", "9999997"] }, "key-route-0020")).json();
    await waitForRun(run.id);
    state.member = VIEWER;
    const list = await callRoute("GET", "/api/erp/transfers?status=with_failures&by=operator@demo.local");
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.items.map((r: { id: string }) => r.id)).toContain(run.id);
    expect(body.people).toContain("operator@demo.local");
    expect((await callRoute("GET", "/api/erp/transfers?status=nope")).status).toBe(422);

    expect((await callRoute("GET", "/api/erp/transfers/nope")).status).toBe(422);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await callRoute("GET", `/api/erp/transfers/${missing}`)).status).toBe(404);
    const filtered = await (await callRoute("GET", `/api/erp/transfers/${run.id}?outcome=not_transferred`)).json();
    expect(filtered.orders).toMatchObject({ total: 1, outcome: "not_transferred" });

    const csv = await callRoute("GET", `/api/erp/transfers/${run.id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      '\uFEFF"Position","Order ID","Batch","Outcome","Reason","Platform\'s reason","Reason code","Meaning","Channel","Order date","Package"',
      '"1","3572020","1","Transferred","","","","Transferred","","",""',
      '"2","9999997","1","Not transferred","Sipariş bulunamadı.","Sipariş bulunamadı.","","Rejected","","",""',
    ]);
    expect(csv.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="erp-transfer-${run.id.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv"; filename\\*=UTF-8''erp-transfer-`));
    const ids = await callRoute("GET", `/api/erp/transfers/${run.id}/export?outcome=not_transferred&format=txt`);
    expect(await ids.text()).toBe("9999997\n");
    state.member = OPERATOR;
    const { run: again } = await (await postTransfer({ orderIds: ["3572020", "9999997"] }, "key-route-0020-again")).json();
    await waitForRun(again.id);
    state.member = VIEWER;
    const page = await (await callRoute("GET", `/api/erp/transfers/${again.id}`)).json();
    expect(page.run.meanings).toMatchObject({ alreadyInErp: 1, rejected: 1 });
    const copied = await callRoute("GET", `/api/erp/transfers/${again.id}/export?outcome=not_transferred&format=txt`);
    expect(await copied.text()).toBe("9999997\n");
    expect((await callRoute("GET", `/api/erp/transfers/${missing}/export`)).status).toBe(404);
  });

  it("exports a run in the member's language, as CSV with ; and as an .xlsx with the same rows", async () => {
    const { run } = await (await postTransfer({ orderIds: ["3572021", "9999996"] }, "key-route-0021")).json();
    await waitForRun(run.id);
    state.member = VIEWER;
    state.locale = "tr";
    try {
      const csv = await callRoute("GET", `/api/erp/transfers/${run.id}/export`);
      expect(csv.status).toBe(200);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
      expect(text.split("\r\n").slice(0, 2)).toEqual(['\uFEFF"Sıra";"Sipariş no";"Parti";"Sonuç";"Neden";"Platformun nedeni";"Neden kodu";"Anlamı";"Kanal";"Sipariş tarihi";"Paket"', '"1";"3572021";"1";"Aktarıldı";"";"";"";"Aktarıldı";"";"";""']);
      const name = new RegExp(`filename\\*=UTF-8''erp-aktar%C4%B1m-${run.id.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.(csv|xlsx)$`);
      expect(csv.headers.get("content-disposition")).toMatch(name);
      expect(csv.headers.get("content-disposition")).toContain('filename="erp-aktarim-');

      const xlsx = await callRoute("GET", `/api/erp/transfers/${run.id}/export?format=xlsx`);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(xlsx.headers.get("content-disposition")).toMatch(name);
      expect(xlsx.headers.get("content-disposition")).toMatch(/\.xlsx$/);
      const [sheet] = await readXlsxFile(Buffer.from(await xlsx.arrayBuffer()), { trim: false });
      const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ";", skipEmptyLines: true }).data;
      expect(sheet!.data.map((r) => r.map((c) => (c === null ? "" : String(c))))).toEqual(rows);
      expect(sheet!.data[1]).toEqual([1, "3572021", 1, "Aktarıldı", null, null, null, "Aktarıldı", null, null, null]);

      const bad = await callRoute("GET", `/api/erp/transfers/${run.id}/export?format=pdf`);
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors).toHaveProperty("format");
    } finally {
      state.locale = "en";
    }
  });
});

describe("/api/erp/imports", () => {
  const post = (body: unknown) => callRoute("POST", "/api/erp/imports", body);

  it("starts an import (201), asks before a repeat (409 naming who and when), and records everything", async () => {
    const starts = async () => {
      const text = await scrape(async () => ({ queue: { count: 0, oldest: null }, failuresOpen: {} }));
      return ["products", "prices", "stock"].flatMap((kind) => ["started", "failed"].map((outcome) => sample(text, "labs_console_import_starts_total", { kind, outcome })));
    };
    const before = await starts();
    const first = await post({ kind: "products" });
    expect(first.status).toBe(201);
    expect((await first.json()).run).toMatchObject({ kind: "products", outcome: "started", message: "Ürün içe aktarma işlemi başlatıldı" });

    state.member = { id: 1, email: "admin@demo.local", name: "Ayşe Admin", role: "admin" };
    const repeat = await post({ kind: "products" });
    expect(repeat.status).toBe(409);
    const problem = await repeat.json();
    expect(problem.code).toBe("conflict");
    expect(problem.lastRun).toMatchObject({ by: "operator@demo.local", byName: "Onur Operator", outcome: "started" });
    expect(typeof problem.lastRun.at).toBe("string");

    const confirmed = await post({ kind: "products", confirmRepeat: true });
    expect(confirmed.status).toBe(201);
    expect((await confirmed.json()).run.repeatConfirmed).toBe(true);

    // A refusal (4xx: the upstream did not act) is recorded; the next attempt needs no confirmation.
    await ground.control("POST", "/faults", { path: "/v1/action/products-price-erp-sync", kind: "respond", status: 422, body: { status: "error", message: "Geçersiz." }, times: 1 });
    const refused = await post({ kind: "prices" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "upstream_rejected", detail: "Geçersiz." });
    expect((await post({ kind: "prices" })).status).toBe(201);

    // A 5xx may have acted: recorded, and the next attempt names it and asks again.
    await ground.control("POST", "/faults", { path: "/v1/action/products-qty-erp-sync", kind: "respond", status: 503, times: 1 });
    const failed = await post({ kind: "stock" });
    expect(failed.status).toBe(503);
    expect((await failed.json()).code).toBe("upstream_unavailable");
    const ask = await post({ kind: "stock" });
    expect(ask.status).toBe(409);
    expect((await ask.json()).lastRun.outcome).toBe("failed");
    expect((await post({ kind: "stock", confirmRepeat: true })).status).toBe(201);

    expect((await post({ kind: "orders" })).status).toBe(422);
    state.member = VIEWER;
    expect((await post({ kind: "products", confirmRepeat: true })).status).toBe(403);
    // Refused before the platform was asked (a repeat, a bad kind, a role): no start counted.
    expect((await starts()).map((n, i) => n - before[i]!)).toEqual([2, 0, 1, 1, 1, 1]);

    const list = await (await callRoute("GET", "/api/erp/imports?kind=prices")).json();
    expect(list.items.map((r: { outcome: string }) => r.outcome)).toEqual(["started", "failed"]);
    expect(list.latest.products.startedBy.email).toBe("admin@demo.local");
    expect(list.latest.stock.outcome).toBe("started");
    const stock = await (await callRoute("GET", "/api/erp/imports?kind=stock")).json();
    expect(stock.items.map((r: { outcome: string; errorCode: string | null; mayHaveActed: boolean }) => [r.outcome, r.errorCode, r.mayHaveActed])).toEqual([
      ["started", null, false],
      ["failed", "http_503", true],
    ]);
    expect(list.windowMinutes).toBe(15);

    const audit = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "erp.import").orderBy("id").execute();
    expect(audit.map((a) => [a.target_id, a.outcome])).toEqual([
      ["products", "success"],
      ["products", "success"],
      ["prices", "failure"],
      ["prices", "success"],
      ["stock", "failure"],
      ["stock", "success"],
    ]);
  });
});
