import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { emulator, emulatorOrders, type FaultRule, type LoggedRequest } from "@/e2e/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/e2e/env";

// The upstream fault matrix: every fault the emulator can inject against every kind of call the
// console makes (list, view, create, update, delete, transfer, import). For each: the route
// handler's problem status and code (README "Error answers"), whether it says the upstream may
// have acted, and how many calls reached the upstream: a write is never repeated (exactly one
// call), a read is retried once only after a dropped connection or a 502/503/504. Then the pages:
// the list's error state with a retry, a create form that keeps what was typed, a warehouse page
// that says the platform failed, an import failure with the button usable again, and a transfer
// run that records each order's outcome. A refused connection cannot be made against the shared
// emulator; lib/http/refused-upstream.test.ts covers it with the same handlers in-process.
//
// The observed matrix is written to test-results/upstream-fault-matrix.md (the README's table).

const ADMIN = storageStateFor("admin");
const TIMEOUT_MS = 4000; // LABS_API_TIMEOUT_MS of the e2e server (playwright.config.ts)

interface Fault {
  name: string;
  rule: Omit<FaultRule, "method" | "path">;
  /** Only for calls that change something: the upstream acted, then its answer was lost. */
  writesOnly?: boolean;
}

const MESSAGE = "Geçersiz istek: alan hatalı.";
const FAULTS: Fault[] = [
  { name: `no answer within the deadline (${TIMEOUT_MS + 2000} ms)`, rule: { latencyMs: TIMEOUT_MS + 2000 } },
  { name: "500 with a JSON error", rule: { kind: "respond", status: 500, body: { status: "error", message: "Sunucu hatası: yığın izi ..." } } },
  { name: "502 without a body", rule: { kind: "respond", status: 502 } },
  { name: "503", rule: { kind: "respond", status: 503, body: { status: "error", message: "Bakım" } } },
  { name: "429", rule: { kind: "respond", status: 429, body: { status: "error", message: "Çok fazla istek." } } },
  { name: "401", rule: { kind: "respond", status: 401, body: { status: "error", message: "Yetkisiz erişim." } } },
  { name: "404", rule: { kind: "respond", status: 404, body: { status: "error", message: "Kayıt bulunamadı." } } },
  { name: "422 with a message", rule: { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } } },
  { name: "422 without a message", rule: { kind: "respond", status: 422 } },
  { name: "malformed JSON (200)", rule: { kind: "malformed-json" } },
  { name: "HTML error page (502)", rule: { kind: "html" } },
  { name: "connection dropped", rule: { kind: "drop" } },
  { name: "connection dropped mid-body", rule: { kind: "drop-mid-body" } },
  { name: "acted, then no answer within the deadline", rule: { latencyMs: TIMEOUT_MS + 2000, apply: "after" }, writesOnly: true },
  { name: "acted, then the connection dropped", rule: { kind: "drop", apply: "after" }, writesOnly: true },
  { name: "acted, then answered 502", rule: { kind: "respond", status: 502, apply: "after" }, writesOnly: true },
];

/** What a route handler answered (and, for a transfer, what its run recorded for the order). */
interface Outcome {
  status: number;
  code?: string;
  detail?: string;
  mayHaveActed?: boolean;
  order?: { outcome: string; reasonCode: string | null; reason: string | null };
}

interface Expected {
  status: number;
  code?: string;
  detail?: string | RegExp;
  mayHaveActed?: boolean;
  order?: { outcome: string; reasonCode: string; reason?: string | null };
  /** Upstream calls for this call kind (default 1). */
  calls?: number;
}

interface Call {
  name: "list" | "view" | "create" | "update" | "delete" | "transfer" | "import";
  write: boolean;
  prepare?: (api: APIRequestContext) => Promise<Record<string, string>>;
  /** The upstream request the fault targets (method and path prefix). */
  target: (ctx: Record<string, string>) => { method: string; path: string };
  /** Whether a logged upstream request is one of this call's (to count them). */
  mine: (r: LoggedRequest, ctx: Record<string, string>) => boolean;
  run: (api: APIRequestContext, ctx: Record<string, string>) => Promise<Outcome>;
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function problemOf(res: import("@playwright/test").APIResponse): Promise<Outcome> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; detail?: string; mayHaveActed?: boolean };
  if (res.status() >= 400) expect(res.headers()["content-type"]).toContain("application/problem+json");
  return { status: res.status(), code: body.code, detail: body.detail, mayHaveActed: body.mayHaveActed };
}

async function newWarehouse(api: APIRequestContext, label: string): Promise<string> {
  const t = tag();
  const res = await api.post("/api/warehouses", { data: { name: `E2E Fault ${label} ${t}`, code: `FLT-${t}` } });
  expect(res.status(), await res.text()).toBe(201);
  return String((await res.json()).warehouse.id);
}

const CALLS: Call[] = [
  {
    name: "list",
    write: false,
    target: () => ({ method: "GET", path: "/v1/stores" }),
    mine: (r) => r.method === "GET" && r.path === "/v1/stores" && r.query.limit === "25",
    run: async (api) => problemOf(await api.get("/api/warehouses?page=1&limit=25")),
  },
  {
    name: "view",
    write: false,
    prepare: async (api) => ({ id: await newWarehouse(api, "view") }),
    target: ({ id }) => ({ method: "GET", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "GET" && r.path === `/v1/stores/${id}`,
    run: async (api, { id }) => problemOf(await api.get(`/api/warehouses/${id}`)),
  },
  {
    name: "create",
    write: true,
    prepare: async () => ({ code: `FLT-${tag()}` }),
    target: () => ({ method: "POST", path: "/v1/stores" }),
    mine: (r, { code }) => r.method === "POST" && r.path === "/v1/stores" && (r.body as { code?: string } | null)?.code === code,
    run: async (api, { code }) => problemOf(await api.post("/api/warehouses", { data: { name: `E2E Fault create ${code}`, code } })),
  },
  {
    name: "update",
    write: true,
    prepare: async (api) => ({ id: await newWarehouse(api, "update") }),
    target: ({ id }) => ({ method: "PUT", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "PUT" && r.path === `/v1/stores/${id}`,
    run: async (api, { id }) => problemOf(await api.put(`/api/warehouses/${id}`, { data: { erpWarehouseId: "0555" } })),
  },
  {
    name: "delete",
    write: true,
    prepare: async (api) => ({ id: await newWarehouse(api, "delete") }),
    target: ({ id }) => ({ method: "DELETE", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "DELETE" && r.path === `/v1/stores/${id}`,
    run: async (api, { id }) => problemOf(await api.delete(`/api/warehouses/${id}`)),
  },
  {
    name: "transfer",
    write: true,
    prepare: async () => ({ order: (await emulatorOrders.seed(1))[0]! }),
    target: () => ({ method: "POST", path: "/v1/action/orders-erp-transfer" }),
    mine: (r, { order }) => r.path === "/v1/action/orders-erp-transfer" && ((r.body as { orderIds?: string[] } | null)?.orderIds ?? []).includes(order!),
    run: async (api, { order }) => {
      const res = await api.post("/api/erp/transfers", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { orderIds: [order] } });
      expect(res.status(), await res.text()).toBe(201);
      const runId = (await res.json()).run.id as string;
      let body: { run: { state: string }; orders: { items: { outcome: string; reasonCode: string | null; reason: string | null }[] } } | undefined;
      await expect
        .poll(
          async () => {
            body = await (await api.get(`/api/erp/transfers/${runId}`)).json();
            return body!.run.state;
          },
          { timeout: 20_000 },
        )
        .toBe("completed");
      const o = body!.orders.items[0]!;
      return { status: 201, order: { outcome: o.outcome, reasonCode: o.reasonCode, reason: o.reason } };
    },
  },
  {
    name: "import",
    write: true,
    target: () => ({ method: "POST", path: "/v1/action/products-erp-sync" }),
    mine: (r) => r.path === "/v1/action/products-erp-sync",
    run: async (api) => problemOf(await api.post("/api/erp/imports", { data: { kind: "products", confirmRepeat: true } })),
  },
];

/** The expected outcome of a call under a fault (README "Error answers", upstream-api.md). */
function expected(fault: Fault, call: Call): Expected {
  const r = fault.rule;
  const write = call.write;
  const acted = write; // a write that failed with 5xx, no answer or an unreadable one may have acted
  const transfer = (outcome: string, reasonCode: string, reason: string | null = null) => ({ status: 201, order: { outcome, reasonCode, reason } });
  if (r.latencyMs && !r.kind) {
    return call.name === "transfer" ? transfer("unknown", "timeout") : { status: 504, code: "upstream_timeout", mayHaveActed: acted };
  }
  const retriedRead = (n: number) => (write ? 1 : n);
  switch (r.kind) {
    case "drop":
    case "drop-mid-body":
      return call.name === "transfer"
        ? transfer("unknown", "connection_lost")
        : { status: 502, code: "upstream_unreachable", mayHaveActed: acted, calls: retriedRead(2) };
    case "malformed-json":
      return call.name === "transfer" ? transfer("unknown", "invalid_response") : { status: 502, code: "upstream_bad_response", mayHaveActed: acted };
    case "html":
      return call.name === "transfer" ? transfer("unknown", "server_error:502") : { status: 502, code: "upstream_error", mayHaveActed: acted, calls: retriedRead(2) };
  }
  const status = r.status ?? 500;
  const message = (r.body as { message?: string } | undefined)?.message;
  if (call.name === "transfer") {
    if (status >= 500) return transfer("unknown", `server_error:${status}`);
    if (status === 429) return transfer("not_transferred", "rate_limited:429");
    if (status === 401) return transfer("not_transferred", "auth:401");
    return transfer("not_transferred", `rejected:${status}`, message ?? null);
  }
  switch (status) {
    case 500:
      return { status: 502, code: "upstream_error", mayHaveActed: acted, detail: "The Labs platform failed to process the request." };
    case 502:
      return { status: 502, code: "upstream_error", mayHaveActed: acted, calls: retriedRead(2) };
    case 503:
      return { status: 503, code: "upstream_unavailable", mayHaveActed: acted, calls: retriedRead(2) };
    case 429:
      return { status: 503, code: "upstream_rate_limited", mayHaveActed: false };
    case 401:
      return { status: 502, code: "upstream_auth", mayHaveActed: false };
    case 404:
      return { status: 404, code: "not_found", detail: message, mayHaveActed: false };
    case 422:
      return { status: 422, code: "upstream_rejected", detail: message ?? /^The Labs platform refused the (request|change)\.$/ };
  }
  throw new Error(`no expectation for ${fault.name}`);
}

const matrix = new Map<string, Map<string, string>>();

function describeOutcome(o: Outcome, calls: number): string {
  const callsNote = calls === 1 ? "" : ` (${calls} calls)`;
  if (o.order) return `201; order ${o.order.outcome} (${o.order.reasonCode}${o.order.reason ? `: “${o.order.reason}”` : ""})${callsNote}`;
  return `${o.status} ${o.code}${o.mayHaveActed ? ", may have acted" : ""}${callsNote}`;
}

async function adminApi(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
  return playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: ADMIN, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
}

test.afterEach(async () => {
  await emulator.clearFaults();
});

test.afterAll(() => {
  if (matrix.size === 0) return;
  // Merged with what an earlier worker of this run wrote (a failed test restarts the worker).
  const file = path.join("test-results", "upstream-fault-matrix.json");
  const cells: Record<string, Record<string, string>> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const [fault, row] of matrix) cells[fault] = { ...cells[fault], ...Object.fromEntries(row) };
  const names = CALLS.map((c) => c.name);
  const lines = [`| fault | ${names.join(" | ")} |`, `|---|${names.map(() => "---").join("|")}|`];
  for (const fault of FAULTS) {
    const row = cells[fault.name];
    if (row) lines.push(`| ${fault.name} | ${names.map((n) => row[n] ?? "—").join(" | ")} |`);
  }
  mkdirSync("test-results", { recursive: true });
  writeFileSync(file, JSON.stringify(cells, null, 2));
  writeFileSync(path.join("test-results", "upstream-fault-matrix.md"), `${lines.join("\n")}\n`);
});

test.describe("route handlers under each upstream fault", () => {
  for (const call of CALLS) {
    test(`${call.name}: every fault answers its problem, and a write reaches the upstream exactly once`, async ({ playwright }) => {
      test.setTimeout(180_000);
      const api = await adminApi(playwright);
      const failures: string[] = [];
      for (const fault of FAULTS) {
        if (fault.writesOnly && !call.write) continue;
        await emulator.clearFaults();
        const ctx = (await call.prepare?.(api)) ?? {};
        const exp = expected(fault, call);
        const seq = await emulatorOrders.lastSeq();
        await emulator.addFault({ ...call.target(ctx), ...fault.rule });

        const started = Date.now();
        const got = await call.run(api, ctx);
        const elapsed = Date.now() - started;
        await emulator.clearFaults();

        // Count this call's upstream requests once the emulator has logged them all (a delayed
        // one is logged when it ends, after the console gave up on it).
        const wanted = exp.calls ?? 1;
        const mine = async () => (await emulator.requests(seq)).requests.filter((r) => call.mine(r, ctx));
        await expect.poll(async () => (await mine()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.min(wanted, 1));
        await new Promise((resolve) => setTimeout(resolve, fault.rule.latencyMs ? 1500 : 300));
        const calls = (await mine()).length;
        matrix.set(fault.name, (matrix.get(fault.name) ?? new Map()).set(call.name, describeOutcome(got, calls)));

        const where = `${call.name} under "${fault.name}"`;
        const check = (ok: boolean, what: string) => {
          if (!ok) failures.push(`${where}: ${what}`);
        };
        check(got.status === exp.status, `status ${got.status}, expected ${exp.status} (${got.code} ${got.detail ?? ""})`);
        if (exp.code) check(got.code === exp.code, `code ${got.code}, expected ${exp.code}`);
        if (exp.mayHaveActed !== undefined) check(got.mayHaveActed === exp.mayHaveActed, `mayHaveActed ${got.mayHaveActed}, expected ${exp.mayHaveActed}`);
        if (typeof exp.detail === "string") check(got.detail === exp.detail, `detail "${got.detail}", expected "${exp.detail}"`);
        if (exp.detail instanceof RegExp) check(exp.detail.test(got.detail ?? ""), `detail "${got.detail}", expected ${exp.detail}`);
        if (exp.order) {
          check(got.order?.outcome === exp.order.outcome, `order outcome ${got.order?.outcome}, expected ${exp.order.outcome}`);
          check(got.order?.reasonCode === exp.order.reasonCode, `reason code ${got.order?.reasonCode}, expected ${exp.order.reasonCode}`);
          if (exp.order.reason !== undefined) check(got.order?.reason === exp.order.reason, `reason ${got.order?.reason}, expected ${exp.order.reason}`);
        }
        // 5xx bodies never pass through; the console's deadline is kept.
        check(!(got.detail ?? "").includes("yığın izi"), `an upstream 5xx body was passed on: ${got.detail}`);
        if (fault.rule.latencyMs) check(elapsed < TIMEOUT_MS + 1500 || call.name === "transfer", `answered after ${elapsed} ms`);
        check(calls === wanted, `${calls} upstream calls, expected ${wanted}${call.write ? " (a write must never be repeated)" : ""}`);
      }
      await api.dispose();
      expect(failures).toEqual([]);
    });
  }
});

/** Exactly one matching upstream request since `seq` (a delayed one is logged when it ends). */
async function expectOneCall(seq: number, match: (r: LoggedRequest) => boolean) {
  const count = async () => (await emulator.requests(seq)).requests.filter(match).length;
  await expect.poll(count, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await count()).toBe(1);
}

test.describe("what the pages show", () => {
  test.use({ storageState: ADMIN });

  async function listError(page: Page) {
    const alert = page.getByTestId("warehouse-error");
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole("heading", { name: "The warehouses could not be loaded" })).toBeVisible();
    return alert;
  }

  for (const [fault, text] of [
    [{ kind: "respond", status: 503 }, "The Labs platform is not available right now. Try again in a moment."],
    [{ kind: "drop" }, "The Labs platform is not available right now. Try again in a moment."],
    [{ kind: "respond", status: 401 }, "The Labs platform refused the console’s API token. Ask an administrator to check it."],
    [{ kind: "malformed-json" }, "The Labs platform is not available right now. Try again in a moment."],
    [{ latencyMs: TIMEOUT_MS + 2000 }, "The Labs platform did not answer in time."],
  ] as [FaultRule, string][]) {
    test(`the list says the platform failed (${fault.kind ?? "timeout"}${fault.status ? ` ${fault.status}` : ""}) and its retry works once it is back`, async ({ page }) => {
      await emulator.addFault({ method: "GET", path: "/v1/stores", ...fault });
      await page.goto("/warehouses?page=1&limit=25");
      const alert = await listError(page);
      await expect(alert).toContainText(text);
      // Never an empty list instead of the error.
      await expect(page.getByTestId("warehouse-empty")).toHaveCount(0);
      await expect(page.getByTestId("warehouse-row")).toHaveCount(0);
      await emulator.clearFaults();
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("warehouse-error")).toHaveCount(0);
      await expect(page.getByTestId("warehouse-row").first()).toBeVisible();
    });
  }

  for (const [label, fault, heading, text] of [
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The save did not complete.", "The Labs platform did not answer in time. The change may or may not have been made: check before trying again."],
    ["dropped connection", { kind: "drop" }, "Nothing was saved.", "The Labs platform is not available right now. Try again in a moment."],
    ["401", { kind: "respond", status: 401 }, "Nothing was saved.", "The Labs platform refused the console’s API token."],
    ["422 with a message", { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } }, "Nothing was saved.", `The Labs platform refused the change: ${MESSAGE}`],
    ["malformed JSON", { kind: "malformed-json" }, "Nothing was saved.", "The Labs platform is not available right now."],
  ] as [string, FaultRule, string, string][]) {
    test(`a create failing with ${label} says so, keeps what was typed, and sends once`, async ({ page }) => {
      const t = tag();
      const name = `E2E Kept ${t}`;
      const code = `KEPT-${t}`;
      await page.goto("/warehouses/new");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Code").fill(code);
      await page.getByLabel("ERP warehouse ID").fill("0042");
      const seq = await emulatorOrders.lastSeq();
      await emulator.addFault({ method: "POST", path: "/v1/stores", ...fault });
      await page.getByRole("button", { name: "Create warehouse" }).click();
      const error = page.getByTestId("form-error");
      await expect(error).toContainText(heading, { timeout: 15_000 });
      await expect(error).toContainText(text);
      await expect(page).toHaveURL(/\/warehouses\/new$/);
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByLabel("Code")).toHaveValue(code);
      await expect(page.getByLabel("ERP warehouse ID")).toHaveValue("0042");
      await expect(page.getByRole("button", { name: "Create warehouse" })).toBeEnabled();
      await expectOneCall(seq, (r) => r.method === "POST" && r.path === "/v1/stores");
    });
  }

  test("an edit failing with 503 says so and keeps the edited values", async ({ page }) => {
    const api = page.request;
    const t = tag();
    const created = await api.post("/api/warehouses", { headers: { Origin: E2E_BASE_URL }, data: { name: `E2E Edit ${t}`, code: `EDT-${t}` } });
    const id = (await created.json()).warehouse.id as number;
    await page.goto(`/warehouses/${id}/edit`);
    await page.getByLabel("Name").fill(`E2E Edit ${t} changed`);
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${id}`, kind: "respond", status: 503 });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("form-error")).toContainText("The Labs platform is not available right now.");
    await expect(page.getByLabel("Name")).toHaveValue(`E2E Edit ${t} changed`);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled();
  });

  for (const [label, fault, text] of [
    ["503", { kind: "respond", status: 503 }, "The Labs platform failed to answer. The warehouse may well exist"],
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The Labs platform did not answer in time. The warehouse may well exist"],
    ["401", { kind: "respond", status: 401 }, "The Labs platform refused the console’s API token."],
  ] as [string, FaultRule, string][]) {
    test(`a warehouse page says the platform failed (${label}), not "not found", and retries`, async ({ page }) => {
      test.setTimeout(60_000);
      await emulator.addFault({ method: "GET", path: "/v1/stores/2", ...fault });
      const res = await page.goto("/warehouses/2");
      expect(res?.status()).toBe(200);
      const alert = page.getByTestId("warehouse-load-failure");
      await expect(alert).toContainText(text);
      await expect(page.getByTestId("warehouse-not-found")).toHaveCount(0);
      await emulator.clearFaults();
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("warehouse-detail")).toBeVisible({ timeout: 15_000 });
    });
  }

  for (const [label, fault, text] of [
    ["dropped connection", { kind: "drop" }, "The product import was not started: The Labs platform could not be reached."],
    ["401", { kind: "respond", status: 401 }, "The product import was not started: The Labs platform refused the console's API token. Ask an administrator to check it."],
    ["422 with a message", { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } }, `The product import was not started: The Labs platform refused the request: ${MESSAGE}`],
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The product import may or may not have started: The Labs platform did not answer in time. It may still have acted."],
  ] as [string, FaultRule, string][]) {
    test(`an import failing with ${label} is shown, sent once, and the button is usable again`, async ({ page }) => {
      await page.goto("/erp");
      const card = page.getByTestId("import-card-products");
      const seq = await emulatorOrders.lastSeq();
      await emulator.addFault({ path: "/v1/action/products-erp-sync", ...fault });
      await card.getByRole("button", { name: "Start product import" }).click();
      const dialog = page.getByTestId("import-dialog-products");
      await dialog.getByRole("button", { name: "Start import" }).click();
      // Started earlier within the window (by this or another spec): confirm the repeat.
      const again = dialog.getByRole("button", { name: "Start again" });
      await expect.poll(async () => (await again.isVisible()) || !(await dialog.isVisible()), { timeout: 15_000 }).toBe(true);
      if (await again.isVisible()) await again.click();
      await expect(card.getByTestId("import-failure")).toHaveText(text, { timeout: 15_000 });
      await expect(card.getByRole("button", { name: "Start product import" })).toBeEnabled();
      await expectOneCall(seq, (r) => r.path === "/v1/action/products-erp-sync");
    });
  }

  test("a transfer whose answer is lost shows the order as unknown, sent once", async ({ page }) => {
    const [order] = await emulatorOrders.seed(1);
    const seq = await emulatorOrders.lastSeq();
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "drop", apply: "after" });
    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(order!);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}/);
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
    await expect(page.getByTestId("count-unknown")).toHaveText("1");
    await page.getByLabel("Outcome", { exact: true }).selectOption("unknown");
    await expect(page.getByTestId("run-order-reason").first()).toHaveText("The connection was lost before the answer");
    expect(await emulatorOrders.transferredSince(seq)).toEqual([order]);
  });

  test("a transfer refused with 422 shows the platform's reason for the order", async ({ page }) => {
    const [order] = await emulatorOrders.seed(1);
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 422, body: { status: "error", message: MESSAGE } });
    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(order!);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
    await expect(page.getByTestId("count-not-transferred")).toHaveText("1");
    await page.getByLabel("Outcome", { exact: true }).selectOption("not_transferred");
    await expect(page.getByTestId("run-order-reason").first()).toContainText(MESSAGE);
  });
});

test.describe("upstream 5xx texts stay on the server", () => {
  test.use({ storageState: ADMIN });

  test("a 5xx body reaches neither a bulk result row nor the audit trail; a 4xx platform message does", async ({ page }) => {
    const secret = "INTERNAL db=10.0.0.5 stack at Store.update (store.js:42)";
    const refusal = "Depo şu an pasif yapılamaz.";
    const t = tag();
    const made = [];
    for (const suffix of ["A", "B"]) {
      const res = await page.request.post("/api/warehouses", { headers: { Origin: E2E_BASE_URL }, data: { name: `E2E Leak ${t} ${suffix}`, code: `LEAK-${t}-${suffix}` } });
      expect(res.status(), await res.text()).toBe(201);
      made.push((await res.json()).warehouse as { id: number; name: string });
    }
    const [a, b] = made as [{ id: number; name: string }, { id: number; name: string }];
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 500, body: { status: "error", message: secret } });
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${b.id}`, times: 1, kind: "respond", status: 422, body: { status: "error", message: refusal } });

    await page.goto(`/warehouses?q=${encodeURIComponent(`E2E Leak ${t}`)}`);
    await expect(page.getByTestId("warehouse-table")).toHaveAttribute("aria-busy", "false");
    await page.getByRole("checkbox", { name: `Select ${a.name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${b.name}` }).check();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate selected" }).click();
    const report = page.getByTestId("bulk-report");
    await expect(report).toContainText("Deactivation: 0 done, 2 failed");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: a.name })).toContainText("The Labs platform is not available right now.");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: b.name })).toContainText(refusal);
    await expect(report).not.toContainText("INTERNAL");

    const failures = async (id: number) => {
      const res = await page.request.get(`/api/activity?target=warehouse:${id}&outcome=failure`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { items: { message: string }[] }).items.map((i) => i.message);
    };
    const leaked = await failures(a.id);
    expect(leaked).toEqual(["update warehouse: the Labs platform failed to process the request (HTTP 500)"]);
    expect(await failures(b.id)).toEqual([refusal]);
  });
});
