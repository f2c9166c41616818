import { stubDoors } from "@/test/route-mocks";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultRule, LoggedRequest } from "@/test/emulator";
import { startInProcessConsole, type Answer, type InProcessConsole } from "@/test/in-process-console";

// The upstream fault matrix: every fault the emulator can inject against every kind of call the
// console makes (list, view, create, update, delete, transfer, import), each through its real route
// module and wrapper, a real test store and the real emulator over HTTP with its fault injection
// (the session is the one stub). For each: the problem status and code (docs/architecture.md "Error answers"),
// whether it says the upstream may have acted, and how many calls reached the upstream: a write is
// never repeated (exactly one call), a read is retried once only after a dropped connection or a
// 502/503/504. A refused connection is lib/http/refused-upstream.test.ts; what the pages show under
// these faults is e2e/upstream-faults.spec.ts.
//
// The observed matrix goes to a git-ignored report under reports/, the source of docs/security.md "Upstream fault matrix";
// not under test-results/, which Playwright empties when the e2e run that follows in `npm test` starts.

const TIMEOUT_MS = 1000; // LABS_API_TIMEOUT_MS of this console
// How late a delayed answer comes: past the deadline, which fires first.
const LATE_MS = TIMEOUT_MS + 300;

interface Fault {
  name: string;
  rule: FaultRule;
  /** Only for calls that change something: the upstream acted, then its answer was lost. */
  writesOnly?: boolean;
}

const MESSAGE = "Geçersiz istek: alan hatalı.";
const FAULTS: Fault[] = [
  { name: `no answer within the deadline (${LATE_MS} ms)`, rule: { latencyMs: LATE_MS } },
  { name: "500 with a JSON error", rule: { kind: "respond", status: 500, body: { status: "error", message: "Sunucu hatası: yığın izi ..." } } },
  { name: "502 without a body", rule: { kind: "respond", status: 502 } },
  { name: "503", rule: { kind: "respond", status: 503, body: { status: "error", message: "Bakım" } } },
  { name: "503 with Retry-After (maintenance)", rule: { kind: "respond", status: 503, retryAfter: 120, body: { status: "error", message: "Bakım çalışması" } } },
  { name: "429", rule: { kind: "respond", status: 429, body: { status: "error", message: "Çok fazla istek." } } },
  { name: "401", rule: { kind: "respond", status: 401, body: { status: "error", message: "Yetkisiz erişim." } } },
  { name: "404", rule: { kind: "respond", status: 404, body: { status: "error", message: "Kayıt bulunamadı." } } },
  { name: "422 with a message", rule: { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } } },
  { name: "422 without a message", rule: { kind: "respond", status: 422 } },
  { name: "malformed JSON (200)", rule: { kind: "malformed-json" } },
  { name: "HTML error page (502)", rule: { kind: "html" } },
  { name: "connection dropped", rule: { kind: "drop" } },
  { name: "connection dropped mid-body", rule: { kind: "drop-mid-body" } },
  { name: "acted, then no answer within the deadline", rule: { latencyMs: LATE_MS, apply: "after" }, writesOnly: true },
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
  prepare?: () => Promise<Record<string, string>>;
  /** The upstream request the fault targets (method and path prefix). */
  target: (ctx: Record<string, string>) => { method: string; path: string };
  /** Whether a logged upstream request is one of this call's (to count them). */
  mine: (r: LoggedRequest, ctx: Record<string, string>) => boolean;
  run: (ctx: Record<string, string>) => Promise<Outcome>;
}

const session = stubDoors({ member: null as null | { id: number; email: string; name: string; role: "admin" } });

let app: InProcessConsole;
const control = <T>(method: string, p: string, body?: unknown) => app.emulator.control<T>(method, p, body);
const lastSeq = async () => (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
const requestsSince = async (seq: number) => (await control<{ requests: LoggedRequest[] }>("GET", `/requests?since=${seq}`)).requests;

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const send = (method: "GET" | "POST" | "PUT" | "DELETE", p: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.send({ method, path: p, body: body === undefined ? undefined : JSON.stringify(body), headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers } });

function problemOf(res: Answer): Outcome {
  let body: { code?: string; detail?: string; mayHaveActed?: boolean } = {};
  try {
    body = JSON.parse(res.body);
  } catch {
    // Not JSON: the checks below name the status.
  }
  if (res.status >= 400) expect(res.contentType).toContain("application/problem+json");
  return { status: res.status, code: body.code, detail: body.detail, mayHaveActed: body.mayHaveActed };
}

async function newWarehouse(label: string): Promise<string> {
  const t = tag();
  const res = await send("POST", "/api/warehouses", { name: `Fault ${label} ${t}`, code: `FLT-${t}` });
  expect(res.status, res.body).toBe(201);
  return String(JSON.parse(res.body).warehouse.id);
}

const CALLS: Call[] = [
  {
    name: "list",
    write: false,
    target: () => ({ method: "GET", path: "/v1/stores" }),
    mine: (r) => r.method === "GET" && r.path === "/v1/stores" && r.query.limit === "25",
    run: async () => problemOf(await send("GET", "/api/warehouses?page=1&limit=25")),
  },
  {
    name: "view",
    write: false,
    prepare: async () => ({ id: await newWarehouse("view") }),
    target: ({ id }) => ({ method: "GET", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "GET" && r.path === `/v1/stores/${id}`,
    run: async ({ id }) => problemOf(await send("GET", `/api/warehouses/${id}`)),
  },
  {
    name: "create",
    write: true,
    prepare: async () => ({ code: `FLT-${tag()}` }),
    target: () => ({ method: "POST", path: "/v1/stores" }),
    mine: (r, { code }) => r.method === "POST" && r.path === "/v1/stores" && (r.body as { code?: string } | null)?.code === code,
    run: async ({ code }) => problemOf(await send("POST", "/api/warehouses", { name: `Fault create ${code}`, code })),
  },
  {
    name: "update",
    write: true,
    prepare: async () => ({ id: await newWarehouse("update") }),
    target: ({ id }) => ({ method: "PUT", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "PUT" && r.path === `/v1/stores/${id}`,
    run: async ({ id }) => problemOf(await send("PUT", `/api/warehouses/${id}`, { erpWarehouseId: "0555" })),
  },
  {
    name: "delete",
    write: true,
    prepare: async () => ({ id: await newWarehouse("delete") }),
    target: ({ id }) => ({ method: "DELETE", path: `/v1/stores/${id}` }),
    mine: (r, { id }) => r.method === "DELETE" && r.path === `/v1/stores/${id}`,
    run: async ({ id }) => problemOf(await send("DELETE", `/api/warehouses/${id}`)),
  },
  {
    name: "transfer",
    write: true,
    prepare: async () => ({ order: (await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 1 })).orders.ids[0]! }),
    target: () => ({ method: "POST", path: "/v1/action/orders-erp-transfer" }),
    mine: (r, { order }) => r.path === "/v1/action/orders-erp-transfer" && ((r.body as { orderIds?: string[] } | null)?.orderIds ?? []).includes(order!),
    run: async ({ order }) => {
      const res = await send("POST", "/api/erp/transfers", { orderIds: [order] }, { "Idempotency-Key": crypto.randomUUID() });
      expect(res.status, res.body).toBe(201);
      const runId = JSON.parse(res.body).run.id as string;
      let body: { run: { state: string }; orders: { items: { outcome: string; reasonCode: string | null; reason: string | null }[] } } | undefined;
      for (let i = 0; i < 400 && body?.run.state !== "completed"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        body = JSON.parse((await send("GET", `/api/erp/transfers/${runId}`)).body);
      }
      expect(body?.run.state, `run ${runId}`).toBe("completed");
      const o = body!.orders.items[0]!;
      return { status: 201, order: { outcome: o.outcome, reasonCode: o.reasonCode, reason: o.reason } };
    },
  },
  {
    name: "import",
    write: true,
    target: () => ({ method: "POST", path: "/v1/action/products-erp-sync" }),
    mine: (r) => r.path === "/v1/action/products-erp-sync",
    run: async () => problemOf(await send("POST", "/api/erp/imports", { kind: "products", confirmRepeat: true })),
  },
];

/** The expected outcome of a call under a fault (docs/architecture.md "Error answers", docs/upstream-api.md). */
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
  // A 503 with Retry-After is a refusal before any work: nothing can have been written (docs/upstream-api.md).
  const refusedBeforeWork = status === 503 && r.retryAfter !== undefined;
  if (call.name === "transfer") {
    if (refusedBeforeWork) return transfer("not_transferred", `unavailable:${status}`, message ?? null);
    if (status >= 500) return transfer("unknown", `server_error:${status}`);
    if (status === 429) return transfer("not_transferred", "rate_limited:429", message ?? null);
    if (status === 401) return transfer("not_transferred", "auth:401");
    return transfer("not_transferred", `rejected:${status}`, message ?? null);
  }
  switch (status) {
    case 500:
      return { status: 502, code: "upstream_error", mayHaveActed: acted, detail: "The Labs platform failed to process the request." };
    case 502:
      return { status: 502, code: "upstream_error", mayHaveActed: acted, calls: retriedRead(2) };
    case 503:
      return { status: 503, code: "upstream_unavailable", mayHaveActed: acted && !refusedBeforeWork, calls: retriedRead(2) };
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

beforeAll(async () => {
  app = await startInProcessConsole("faults", { timeoutMs: TIMEOUT_MS });
  session.member = { id: app.adminId, email: "admin@demo.local", name: "Ada Admin", role: "admin" };
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (matrix.size === 0) return;
  const names = CALLS.map((c) => c.name);
  const lines = [`| fault | ${names.join(" | ")} |`, `|---|${names.map(() => "---").join("|")}|`];
  for (const fault of FAULTS) {
    const row = matrix.get(fault.name);
    if (row) lines.push(`| ${fault.name} | ${names.map((n) => row.get(n) ?? "—").join(" | ")} |`);
  }
  mkdirSync("reports", { recursive: true });
  writeFileSync(path.join("reports", "upstream-fault-matrix.md"), `${lines.join("\n")}\n`);
});

// Two lanes side by side, each call removing only the faults it set: the calls on /v1/stores (a fault's path is a prefix, and
// their setups create warehouses), and the transfer and the import (an import waits for a transfer in flight).
const lanes = new Map<boolean, Promise<void>>();
const onStores = (call: Call) => call.name !== "transfer" && call.name !== "import";

describe("route handlers under each upstream fault", () => {
  for (const call of CALLS) {
    it.concurrent(`${call.name}: every fault answers its problem, and a write reaches the upstream exactly once`, { timeout: 180_000 }, async () => {
      let done = () => {};
      const before = lanes.get(onStores(call)) ?? Promise.resolve();
      lanes.set(onStores(call), new Promise((resolve) => (done = resolve)));
      await before;
      const set: number[] = [];
      const clearFaults = async () => {
        for (const id of set.splice(0)) await control("DELETE", `/faults/${id}`);
      };
      try {
        await faultMatrix(call, set, clearFaults);
      } finally {
        await clearFaults();
        done();
      }
    });
  }
});

async function faultMatrix(call: Call, set: number[], clearFaults: () => Promise<void>): Promise<void> {
  const failures: string[] = [];
  if (!call.write) await call.run((await call.prepare?.()) ?? {});
  for (const fault of FAULTS) {
    if (fault.writesOnly && !call.write) continue;
    const ctx = (await call.prepare?.()) ?? {};
    const exp = expected(fault, call);
    const seq = await lastSeq();
    set.push((await control<{ id: number }>("POST", "/faults", { ...call.target(ctx), ...fault.rule })).id);

    const started = Date.now();
    const got = await call.run(ctx);
    const elapsed = Date.now() - started;
    await clearFaults();

    // Count this call's upstream requests once the emulator has logged them all (a delayed
    // one is logged when it ends, after the console gave up on it): every request begun before the answer has ended.
    const wanted = exp.calls ?? 1;
    const mine = async () => (await requestsSince(seq)).filter((r) => call.mine(r, ctx));
    for (let i = 0; i < 200 && (await mine()).length < Math.min(wanted, 1); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((resolve) => setTimeout(resolve, fault.rule.latencyMs ? Math.max(100, started + elapsed + fault.rule.latencyMs + 300 - Date.now()) : 100));
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
  expect(failures).toEqual([]);
}
