import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { expect, type APIRequestContext } from "@playwright/test";
import { arbitraryOf } from "@/test/contract/arbitraries";
import { E2E_BASE_URL } from "@/test/env";
import { answerChecker } from "@/test/contract/conformance";

// Requests drawn from the served /api/v1 document and the checks Schemathesis makes of their answers (N-7), shared by
// e2e/api-contract.spec.ts and e2e/zz-api-properties.spec.ts. CONTRACT_SEED and CONTRACT_RUNS reproduce or widen a run.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const SEED = Number(process.env.CONTRACT_SEED ?? 4242);
export const RUNS = Number(process.env.CONTRACT_RUNS ?? 10);
export const API = `${E2E_BASE_URL}/api/v1`;

// Their success would change what other specs rely on (orders sent, imports started, the inbox resolved, the queue
// filled, schedules made), so only the last spec sends them valid input with the operator key.
export const STATEFUL = new Set(["startTransfer", "startImport", "retryFailures", "resolveFailures", "enqueueOrders", "sendOrderQueue", "createSchedule", "setTransferHold", "startReconciliation", "queueNeverSeen", "recoverWindow", "runSchedule"]);
// Valid by the document, still refused on meaning the schema cannot state.
const CRON = { fields: ["rule.expression"], why: "whether a cron expression is one and ever fires is read for meaning" };
const MEANING: Record<string, { fields?: string[]; why: string }> = {
  createSchedule: CRON,
  replaceSchedule: CRON,
  updateSchedule: { why: "the fields given are laid over the schedule and read whole" },
  setTransferHold: { fields: ["until"], why: "whether a hold's end is ahead and within HOLD_MAX_DAYS is judged against the clock" },
  startReconciliation: { fields: ["to"], why: "a window's order and length are judged from both of its ends" },
  recoverWindow: { fields: ["to", "name", "expectedCount"], why: "a window's order and length are judged from both of its ends, a name after its spaces are trimmed, and a confirm needs the count shown" },
  enqueueOrders: { fields: ["orders.*.orderDate", "orders.*.source", "orders.*.packageId"], why: "an order date is judged against the clock, and a channel or package is read after its spaces are trimmed" },
  startTransfer: { fields: ["channels.*.id", "channels.*.orderDate", "channels.*.source", "channels.*.packageId"], why: "a channel's id must be one of orderIds, an order date is judged against the clock, and a channel or package is read after its spaces are trimmed" },
};
const excused = (id: string, body: unknown) => {
  const m = MEANING[id];
  const errors = Object.keys(((body as Json | null)?.errors ?? {}) as Json);
  return !!m && (!m.fields || (errors.length > 0 && errors.every((k) => m.fields!.includes(k.replace(/\.\d+\./, ".*.")))));
};

export interface Operation {
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
export const validates = (schema: Json, value: unknown) => ajv.validate(schema, value);
// A query or path value is text; the document's integers and numbers are read from it.
const textValid = (schema: Json, raw: string) => validates(schema, raw) || (/^-?\d+(\.\d+)?$/.test(raw) && validates(schema, Number(raw)));

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** A key pool per role: a fresh key before one spends its 120 requests a minute. */
export class Keys {
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

export interface Pins {
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
  }
  return { url, seen: { status: res.status, headers: res.headers, body } };
}

export type Check = "not_a_server_error" | "positive_data_acceptance" | "negative_data_rejection" | "status_code_conformance" | "response_schema_conformance";

export interface Failure {
  check: Check;
  text: string;
}

export interface RunOptions {
  role: "operator" | "viewer";
  keys: Keys;
  doc: Json;
  pins: Pins;
  only?: (o: Operation) => boolean;
  /** Whether the operator key sends valid input to the operations in STATEFUL (only the last spec may). */
  statefulValid?: boolean;
  deadline?: number;
}

export async function run({ role, keys, doc, pins, only = () => true, statefulValid = false, deadline = Infinity }: RunOptions): Promise<{ failures: Failure[]; sent: number; unsent: number }> {
  const mismatches = answerChecker(doc);
  const failures: Failure[] = [];
  let sent = 0;
  let unsent = 0;
  for (const o of operations(doc).filter(only)) {
    const valid = validCases(o, doc, pins);
    const stateful = role === "operator" && STATEFUL.has(o.op.operationId) && !statefulValid;
    const cases = [...(stateful ? [] : valid), ...invalidCases(o, valid[0]!)];
    for (const c of cases) {
      if (Date.now() > deadline) {
        unsent++;
        continue;
      }
      const keyed = o.op.security?.length !== 0;
      const { url, seen } = await send(o, c, keyed ? await keys.secret() : null);
      sent++;
      const where = `${role} ${c.kind} (${c.why}) ${o.method} ${url}${c.body === undefined ? "" : ` ${JSON.stringify(c.body).slice(0, 160)}`} -> ${seen.status}`;
      const detail = typeof seen.body === "object" && seen.body ? ` ${JSON.stringify({ detail: (seen.body as Json).detail, errors: (seen.body as Json).errors }).slice(0, 300)}` : "";
      const fail = (check: Check, what: string) => failures.push({ check, text: `${check}: ${where}: ${what}` });
      if (seen.status >= 500) fail("not_a_server_error", `server error${detail}`);
      for (const m of mismatches({ method: o.method, path: o.path, status: seen.status, headers: seen.headers, body: seen.body })) {
        fail(m.endsWith("status not described") ? "status_code_conformance" : "response_schema_conformance", m);
      }
      if (c.kind === "valid" && (seen.status === 400 || seen.status === 422) && !excused(o.op.operationId, seen.body)) fail("positive_data_acceptance", `valid input refused${detail}`);
      if (c.kind === "invalid" && seen.status < 400) fail("negative_data_rejection", "invalid input accepted");
    }
  }
  return { failures, sent, unsent };
}

export function byCheck(failures: Failure[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of failures) counts[f.check] = (counts[f.check] ?? 0) + 1;
  return counts;
}
