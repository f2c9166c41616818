import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { z } from "zod";
import { Redactor } from "@/lib/rules/secrets";
import { UpstreamError } from "@/lib/upstream/errors";
import { tracer } from "@/lib/trace";
import { exchange, ExchangeNotSent, ExchangeTimeout, type Answer } from "@/lib/upstream/transport";
import {
  upstreamErrorBodySchema,
  upstreamOrderPageSchema,
  upstreamStatusSchema,
  upstreamTransferResultSchema,
  upstreamWarehousePageSchema,
  upstreamWarehouseSchema,
  upstreamWriteResultSchema,
  type UpstreamOrderPage,
  type UpstreamWarehouse,
  type UpstreamWarehousePage,
} from "@/lib/upstream/schemas";
import { assertId, causeCode, describe, fieldErrorsOf, IMPORT_PATHS, toWire, type ImportKind, type TransferResult, type WarehouseWrite } from "@/lib/upstream/wire";

export { IMPORT_KINDS, type ImportKind, type TransferResult, type WarehouseWrite } from "@/lib/upstream/wire";

// The only code that builds an upstream request: the token is added here, every call has a deadline, only reads are retried.

export interface UpstreamClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  retryDelayMs?: number;
  onCall?: (entry: { operation: string; method: string; path: string; status: number | null; ms: number; error?: string }) => void;
}

interface RequestSpec<S extends z.ZodType> {
  operation: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  schema: S;
  timeoutMs?: number;
}

export function createUpstreamClient(options: UpstreamClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const authorization = `Bearer ${options.token}`;
  // Answers reach the browser: cleaned of any echoed form of the token before parsing, and every parsed string again after.
  const redactor = new Redactor();
  redactor.add(options.token);
  const scrub = (text: string) => redactor.redact(text);
  const retryDelayMs = options.retryDelayMs ?? 200;

  async function attempt<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const url = new URL(`${baseUrl}/v1${spec.path}`);
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, String(v));
    const isWrite = spec.method !== "GET";
    const started = performance.now();
    const span = tracer().startSpan(spec.operation, {
      kind: SpanKind.CLIENT,
      attributes: { "labs.operation": spec.operation, "http.request.method": spec.method, "url.full": url.href, "server.address": url.hostname, "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80) },
    });
    const report = (status: number | null, error?: string) => {
      if (status !== null) span.setAttribute("http.response.status_code", status);
      if (error) span.setAttribute("error.type", error).setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      options.onCall?.({
        operation: spec.operation,
        method: spec.method,
        path: url.pathname,
        status,
        ms: Math.round(performance.now() - started),
        error,
      });
    };
    const carried: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carried);

    let response: Answer;
    let text: string;
    try {
      response = await exchange(url, {
        method: spec.method,
        headers: {
          ...carried,
          Authorization: authorization,
          Accept: "application/json",
          // docs/service-description.md 4.2: the sync calls carry Content-Type even without a body.
          ...(isWrite ? { "Content-Type": "application/json" } : {}),
        },
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        timeoutMs: spec.timeoutMs ?? options.timeoutMs,
      });
      text = scrub(response.text);
    } catch (error) {
      const timedOut = error instanceof ExchangeTimeout;
      const code = causeCode(error);
      const notSent = error instanceof ExchangeNotSent || (timedOut && !error.connected);
      const refused = notSent || code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN";
      const kind = timedOut ? "timeout" : "network";
      const detail = timedOut
        ? `no answer within ${spec.timeoutMs ?? options.timeoutMs} ms${notSent ? " (no connection; nothing was sent)" : ""}`
        : refused
          ? "the upstream refused the connection"
          : `the connection failed (${code ?? "closed before a complete answer"})`;
      report(null, kind);
      throw new UpstreamError({ kind, operation: spec.operation, detail, mayHaveActed: isWrite && !refused });
    }

    let json: unknown;
    let jsonOk = true;
    try {
      json = text === "" ? undefined : redactor.redactJson(JSON.parse(text) as unknown);
    } catch {
      jsonOk = false;
    }

    const fail = (kind: "http" | "invalid-response", fields: { upstreamMessage?: string; fieldErrors?: Record<string, string[]>; mayHaveActed: boolean; detail: string }) => {
      report(response.status, kind);
      return new UpstreamError({ kind, operation: spec.operation, status: response.status, ...fields });
    };

    if (!response.ok) {
      const parsed = jsonOk ? upstreamErrorBodySchema.safeParse(json) : undefined;
      const upstreamMessage = parsed?.success ? (parsed.data.message ?? parsed.data.detail ?? parsed.data.title) : undefined;
      // docs/upstream-api.md "What a failed call can have done": a 503 with Retry-After is a refusal before any work.
      const refusedBeforeWork = response.status === 503 && response.retryAfter !== null;
      throw fail("http", {
        upstreamMessage,
        fieldErrors: parsed?.success ? fieldErrorsOf(parsed.data.errors) : undefined,
        mayHaveActed: isWrite && response.status >= 500 && !refusedBeforeWork,
        detail: describe("upstream error", response.status, upstreamMessage),
      });
    }

    if (!jsonOk || json === undefined) {
      throw fail("invalid-response", {
        mayHaveActed: isWrite,
        detail: `the upstream answered ${json === undefined && jsonOk ? "an empty body" : "a body that is not JSON"}`,
      });
    }

    // A 2xx whose envelope says it failed is a failure, whatever the status code said.
    const envelope = upstreamStatusSchema.safeParse(json);
    if (isWrite && envelope.success && envelope.data.status !== "success") {
      throw fail("http", {
        upstreamMessage: envelope.data.message || undefined,
        mayHaveActed: true,
        detail: describe("upstream reported a failure", response.status, envelope.data.message),
      });
    }

    const result = spec.schema.safeParse(json);
    if (!result.success) {
      const where = result.error.issues
        .slice(0, 3)
        .map((i) => i.path.join(".") || "(root)")
        .join(", ");
      throw fail("invalid-response", { mayHaveActed: isWrite, detail: `the upstream answered an unexpected shape (at ${where})` });
    }
    report(response.status);
    return result.data;
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    try {
      return await attempt(spec);
    } catch (error) {
      const retriable =
        spec.method === "GET" &&
        error instanceof UpstreamError &&
        (error.kind === "network" || (error.kind === "http" && [502, 503, 504].includes(error.status ?? 0)));
      if (!retriable) throw error;
      await new Promise((r) => setTimeout(r, retryDelayMs));
      return attempt(spec);
    }
  }

  return {
    async listWarehouses(params: { page: number; limit: number }, timeoutMs?: number): Promise<UpstreamWarehousePage> {
      assertId(params.page);
      assertId(params.limit);
      return request({
        operation: "list warehouses",
        method: "GET",
        path: "/stores",
        query: { page: params.page, limit: params.limit },
        schema: upstreamWarehousePageSchema,
        timeoutMs,
      });
    },

    async listOrders(params: { page: number; limit: number; createdFrom: string; createdTo: string; source?: string }): Promise<UpstreamOrderPage> {
      assertId(params.page);
      assertId(params.limit);
      const { source, ...query } = params;
      return request({ operation: "list orders", method: "GET", path: "/orders", query: source ? { ...query, source } : query, schema: upstreamOrderPageSchema });
    },

    async getWarehouse(id: number): Promise<UpstreamWarehouse> {
      assertId(id);
      return request({ operation: "view warehouse", method: "GET", path: `/stores/${id}`, schema: upstreamWarehouseSchema });
    },

    async createWarehouse(input: WarehouseWrite & { name: string; code: string }) {
      const r = await request({
        operation: "create warehouse",
        method: "POST",
        path: "/stores",
        body: toWire(input),
        schema: upstreamWriteResultSchema,
      });
      return { id: r.payload.id, message: r.message };
    },

    /** The upstream answers the "added" text here too (documented quirk). */
    async updateWarehouse(id: number, input: WarehouseWrite) {
      assertId(id);
      const r = await request({
        operation: "update warehouse",
        method: "PUT",
        path: `/stores/${id}`,
        body: toWire(input),
        schema: upstreamWriteResultSchema,
      });
      return { id: r.payload.id, message: r.message };
    },

    async deleteWarehouse(id: number) {
      assertId(id);
      const r = await request({ operation: "delete warehouse", method: "DELETE", path: `/stores/${id}`, schema: upstreamStatusSchema });
      return { message: r.message };
    },

    async transferOrders(orderIds: readonly string[]): Promise<TransferResult> {
      if (orderIds.some((id) => typeof id !== "string")) throw new TypeError("order ids must be strings");
      const r = await request({
        operation: "transfer orders",
        method: "POST",
        path: "/action/orders-erp-transfer",
        body: { orderIds },
        schema: upstreamTransferResultSchema,
      });
      return { message: r.message, transferred: r.data.transferred, notTransferred: r.data.not_transferred };
    },

    async startImport(kind: ImportKind) {
      const path = IMPORT_PATHS[kind];
      if (!path) throw new TypeError(`unknown import kind: ${String(kind)}`);
      const r = await request({ operation: `start ${kind} import`, method: "POST", path, schema: upstreamStatusSchema });
      return { message: r.message };
    },

    /** Never retried: anonymous callers reach it through /api/health, and one check must cost one call. */
    async ping(timeoutMs = 3000) {
      const started = performance.now();
      await attempt({
        operation: "health check",
        method: "GET",
        path: "/stores",
        query: { page: 1, limit: 1 },
        schema: upstreamWarehousePageSchema,
        timeoutMs,
      });
      return { latencyMs: Math.round(performance.now() - started) };
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
