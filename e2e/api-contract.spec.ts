import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { arbitraryOf } from "@/e2e/contract/arbitraries";
import { E2E_BASE_URL, storageStateFor } from "@/e2e/env";
import { allowOf, ROUTE_METHODS } from "@/lib/http/allow";
import { answerChecker } from "@/lib/openapi/conformance";

// The served /api/v1 description against the built app, as Schemathesis checks it (N-7): requests generated from the
// document's schemas with a fixed seed, sent with an operator key and a viewer key. No 5xx; input the document calls
// valid is not refused as invalid (400/422); input it calls invalid is refused; every answer is a documented status
// with its documented headers and body; a method the document does not list answers 405 with Allow.
// CONTRACT_SEED and CONTRACT_RUNS (examples per operation) reproduce or widen a run.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SEED = Number(process.env.CONTRACT_SEED ?? 4242);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 10);
const API = `${E2E_BASE_URL}/api/v1`;

// Their success would change what other specs rely on (orders sent, imports started, the inbox resolved, the queue
// filled, schedules made), so the operator key sends them only input the document calls invalid.
const STATEFUL = new Set(["startTransfer", "startImport", "retryFailures", "resolveFailures", "enqueueOrders", "sendOrderQueue", "createSchedule"]);
// Valid by the document, still refused on meaning the schema cannot state.
const MEANING: Record<string, string> = {
  replaceSchedule: "both ends of the active window and whether a cron expression ever fires are read for meaning",
  updateSchedule: "the fields given are laid over the schedule and read whole, as replaceSchedule's are",
};

interface Operation {
  method: string;
  path: string;
  op: Json;
}

interface Case {
  kind: "valid" | "invalid";
  why: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));
const validates = (schema: Json, value: unknown) => ajv.validate(schema, value);
// A query or path value is text; the document's integers and numbers are read from it.
const textValid = (schema: Json, raw: string) => validates(schema, raw) || (/^-?\d+(\.\d+)?$/.test(raw) && validates(schema, Number(raw)));

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** A key pool per role: a fresh key before one spends its 120 requests a minute. */
class Keys {
  private current: { id: string; secret: string; used: number } | null = null;
  readonly made: string[] = [];
  constructor(
    private admin: APIRequestContext,
    readonly role: "operator" | "viewer",
  ) {}

  async secret(): Promise<string> {
    if (!this.current || this.current.used >= 100) {
      const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const res = await this.admin.post("/api/keys", { data: { name: `Contract ${this.role} ${Date.now()}`, role: this.role, expiresOn } });
      expect(res.status(), await res.text()).toBe(201);
      const { key, secret } = await res.json();
      this.made.push(key.id);
      this.current = { id: key.id, secret, used: 0 };
    }
    this.current.used++;
    return this.current.secret;
  }

  async revoke(): Promise<void> {
    for (const id of this.made) await this.admin.delete(`/api/keys/${id}`);
  }
}

function operations(doc: Json): Operation[] {
  return Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.entries(ops as Json).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as Json })));
}

const paramsOf = (op: Json, where: string): Json[] => ((op.parameters ?? []) as Json[]).filter((p) => p.in === where);
const bodySchema = (op: Json): Json | undefined => op.requestBody?.content?.["application/json"]?.schema;

function validCases(o: Operation, doc: Json, pins: Pins): Case[] {
  const record = (list: Json[], required: boolean): fc.Arbitrary<Record<string, string>> => {
    const fields: Record<string, fc.Arbitrary<string>> = Object.fromEntries(list.map((p) => [p.name, arbitraryOf(p.schema, doc).map(asText)]));
    const requiredKeys: string[] = (required ? list : list.filter((p) => p.required)).map((p) => String(p.name));
    return fc.record(fields, { requiredKeys }) as fc.Arbitrary<Record<string, string>>;
  };
  const schema = bodySchema(o.op);
  const arb = fc.record({
    path: pins.path(o) ?? record(paramsOf(o.op, "path"), true),
    query: record(paramsOf(o.op, "query"), false).map(inOrder),
    headers: record(paramsOf(o.op, "header"), false),
    body: schema ? arbitraryOf(schema, doc).map((b) => pins.body(o, b)) : fc.constant(undefined),
  });
  const seed = SEED + [...`${o.method} ${o.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
  return fc.sample(arb, { seed, numRuns: RUNS }).map((c) => ({ kind: "valid", why: "generated", ...(c as Omit<Case, "kind" | "why">) }));
}

// The one rule across parameters, stated in words on `to`: the run keeps to it, as a caller reading the document would.
function inOrder(query: Record<string, string>): Record<string, string> {
  const { from, to } = query;
  const dated = (v: string | undefined) => v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v);
  return dated(from) && dated(to) && from! > to! ? { ...query, from: to!, to: from! } : query;
}

// Blank first: the lists read it as "not given", so the document must not call it invalid where they do.
const BAD_TEXT = ["", " ", "x-not-valid", "0", "-1", "\u0007", "a".repeat(300), "1.5"];

/** One change at a time to a valid request, each one the document calls invalid. */
function invalidCases(o: Operation, base: Case): Case[] {
  const out: Case[] = [];
  for (const p of [...paramsOf(o.op, "path"), ...paramsOf(o.op, "query")]) {
    const at = p.in === "path" ? "path" : "query";
    // A blank path segment names another route, not a bad value.
    const candidates = p.in === "path" ? BAD_TEXT.filter((v) => v.trim() !== "") : BAD_TEXT;
    for (const bad of candidates.filter((v) => !textValid(p.schema, v)).slice(0, 3)) {
      out.push({ ...base, kind: "invalid", why: `${p.in} ${p.name}=${JSON.stringify(bad)}`, [at]: { ...base[at], [p.name]: bad } });
    }
  }
  for (const h of paramsOf(o.op, "header").filter((h) => h.required)) {
    const { [h.name]: _dropped, ...headers } = base.headers;
    void _dropped;
    out.push({ ...base, kind: "invalid", why: `no ${h.name} header`, headers });
  }
  const schema = bodySchema(o.op);
  if (schema && base.body && typeof base.body === "object") {
    const body = base.body as Json;
    const variants: [string, unknown][] = [
      ["body is an array", []],
      ["an unknown body field", { ...body, zzUnknown: true }],
      ...Object.keys(body).map((k): [string, unknown] => [`body without ${k}`, Object.fromEntries(Object.entries(body).filter(([name]) => name !== k))]),
      ...Object.keys(body).map((k): [string, unknown] => [`body ${k} of the wrong type`, { ...body, [k]: typeof body[k] === "number" ? "7" : 7 }]),
    ];
    for (const [why, value] of variants) if (!validates(schema, value)) out.push({ ...base, kind: "invalid", why, body: value });
  }
  return out;
}

interface Pins {
  path: (o: Operation) => fc.Arbitrary<Record<string, string>> | null;
  body: (o: Operation, body: unknown) => unknown;
}

interface Seen {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(o: Operation, c: Case, secret: string | null): Promise<{ url: string; seen: Seen }> {
  const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? ""));
  const query = new URLSearchParams(c.query).toString();
  const url = `${API}${path}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = { ...c.headers, ...(secret ? { Authorization: `Bearer ${secret}` } : {}) };
  if (c.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method: o.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Left as text; the schema check names it.
  }
  return { url, seen: { status: res.status, headers: res.headers, body } };
}

async function run(role: "operator" | "viewer", keys: Keys, doc: Json, pins: Pins): Promise<{ failures: string[]; sent: number }> {
  const mismatches = answerChecker(doc);
  const failures: string[] = [];
  let sent = 0;
  for (const o of operations(doc)) {
    const valid = validCases(o, doc, pins);
    const stateful = role === "operator" && STATEFUL.has(o.op.operationId);
    const cases = [...(stateful ? [] : valid), ...invalidCases(o, valid[0]!)];
    for (const c of cases) {
      const keyed = o.op.security?.length !== 0;
      const { url, seen } = await send(o, c, keyed ? await keys.secret() : null);
      sent++;
      const where = `${role} ${c.kind} (${c.why}) ${o.method} ${url}${c.body === undefined ? "" : ` ${JSON.stringify(c.body).slice(0, 160)}`} -> ${seen.status}`;
      const detail = typeof seen.body === "object" && seen.body ? ` ${JSON.stringify({ detail: (seen.body as Json).detail, errors: (seen.body as Json).errors }).slice(0, 300)}` : "";
      if (seen.status >= 500) failures.push(`${where}: server error${detail}`);
      for (const m of mismatches({ method: o.method, path: o.path, status: seen.status, headers: seen.headers, body: seen.body })) failures.push(`${where}: ${m}`);
      if (c.kind === "valid" && (seen.status === 400 || seen.status === 422) && !MEANING[o.op.operationId]) failures.push(`${where}: valid input refused${detail}`);
      if (c.kind === "invalid" && seen.status < 400) failures.push(`${where}: invalid input accepted`);
    }
  }
  return { failures, sent };
}

test.describe("the /api/v1 contract", () => {
  test.describe.configure({ timeout: 180_000 });
  let admin: APIRequestContext;
  let doc: Json;
  let writer: Keys;
  const keys: Keys[] = [];

  test.beforeAll(async ({ playwright }) => {
    admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
    doc = (await (await fetch(`${API}/openapi.json`)).json()) as Json;
    writer = new Keys(admin, "operator");
    keys.push(writer);
  });

  test.afterAll(async () => {
    for (const k of keys) await k.revoke();
    await admin.dispose();
  });

  for (const role of ["operator", "viewer"] as const) {
    test(`generated requests with ${role === "operator" ? "an operator" : "a viewer"} key: no 5xx, valid input taken, invalid refused, answers as documented`, async () => {
      const pool = new Keys(admin, role);
      keys.push(pool);
      // Writes go to a warehouse this run made, never to the demo's, and never make a warehouse the default.
      const own = await fetch(`${API}/warehouses`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await writer.secret()}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Contract ${role} ${Date.now()}`, code: `CT${Date.now()}`, isDefault: false }),
      });
      expect(own.status).toBe(201);
      const ownId = String((await own.json()).warehouse.id);
      const pins: Pins = {
        path: (o) => (o.path === "/warehouses/{id}" && o.method !== "GET" ? fc.constantFrom({ id: ownId }, { id: "999999999" }) : null),
        body: (o, body) => (o.path.startsWith("/warehouses") && body && typeof body === "object" && !Array.isArray(body) ? { ...(body as Json), isDefault: false } : body),
      };
      const started = Date.now();
      const { failures, sent } = await run(role, pool, doc, pins);
      test.info().annotations.push({ type: "contract", description: `${sent} requests in ${Date.now() - started} ms, seed ${SEED}, ${RUNS} examples per operation` });
      expect(failures.slice(0, 40), `${failures.length} failures of ${sent} requests (CONTRACT_SEED=${SEED})`).toEqual([]);
    });
  }

  test("a method the document does not list answers 405, problem+json, with Allow naming the ones it does", async () => {
    const pool = new Keys(admin, "operator");
    keys.push(pool);
    const problem = doc.components.schemas.Problem as Json;
    const checked: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      const listed = Object.keys(ops as Json).map((m) => m.toUpperCase());
      const url = `${API}${path.replace(/\{id\}/, "1").replace(/\{runId\}/, "0b7c2f0e-6f1d-4a55-9a1e-0c2d3e4f5a6b").replace(/\{orderId\}/, "3572228")}`;
      for (const method of ROUTE_METHODS.filter((m) => !listed.includes(m))) {
        const res = await fetch(url, { method, headers: { Authorization: `Bearer ${await pool.secret()}`, "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
        const where = `${method} ${url}`;
        expect.soft(res.status, where).toBe(405);
        expect.soft(res.headers.get("allow"), where).toBe(allowOf(listed));
        expect.soft(res.headers.get("content-type"), where).toBe("application/problem+json");
        expect.soft(res.headers.get("cache-control"), where).toBe("no-store");
        expect.soft(res.headers.get("x-request-id"), where).toMatch(/^[0-9a-f-]{36}$/);
        expect.soft(validates(problem, await res.json()), where).toBe(true);
        checked.push(where);
      }
    }
    expect(checked).toContain(`PUT ${API}/warehouses/1`);
  });
});
