import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SpanKind, trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/open";
import type { ErpTransferRun } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { leakSearch } from "@/test/token-needles";
import { newSecret } from "@/lib/apikeys/secret";
import { log, registerSecret } from "@/lib/log";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { createTransferQueues, enqueueWith, workTransfers } from "@/lib/erp/transfers/run-queues";
import { addToQueue, takeQueuedOrders } from "@/lib/queue/store";
import { startTracing, type Tracing } from "@/lib/trace/sdk";
import { ownServerSpans, traceRequest } from "@/lib/trace/server";
import { routeMatcher } from "@/lib/metrics/http";
import { getTracer as nextTracer } from "next/dist/server/lib/trace/tracer";
import { tracer } from "@/lib/trace";

// The real SDK exporting OTLP/JSON to a receiver this test runs; the run goes through the real job engine, store and emulator.

const TOKEN = "otel-test-token/9c2e+4b7a>>??-51d0";
const API_KEY = newSecret().secret;
registerSecret(TOKEN);

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
}

let receiver: Server;
const bodies: Buffer[] = [];
let tracing: Tracing;
let emulator: LiveEmulator;
let store: Store;
let boss: JobEngine;
const finished: ErpTransferRun[] = [];

const spans = (): OtlpSpan[] =>
  bodies.flatMap((b) => (JSON.parse(b.toString("utf8")) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/traces") bodies.push(Buffer.concat(chunks));
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" };
  Object.assign(process.env, env);
  tracing = (await startTracing(process.env, "test"))!;
  emulator = await startLiveEmulator(TOKEN, "trace");
  store = await openTestStore();
  boss = await startEngine(store, { superviseSeconds: 1 });
  await createTransferQueues(boss, { heartbeatSeconds: 10 });
  await workTransfers(boss, { db: store.db, upstream: emulator.client, onFinished: (run) => void finished.push(run) }, { recoverPollSeconds: 1 });
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await store?.close();
  await emulator?.close();
  await tracing?.shutdown();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  await new Promise((r) => receiver.close(r));
});

describe("traces", () => {
  it("continue from the queue push into the run that sends its orders, with a span per run, batch and upstream call", async () => {
    const ids = (await emulator.control<{ ids: string[] }>("GET", "/orders?state=pending&limit=3")).ids;
    const pushed = await tracer().startActiveSpan("POST /api/v1/order-queue", { kind: SpanKind.SERVER, attributes: { "http.route": "/api/v1/order-queue" } }, async (span) => {
      await addToQueue(store.db, ids, { email: "operator@demo.local", name: "Operator", origin: "api" });
      span.end();
      return span.spanContext();
    });
    const sent = await tracer().startActiveSpan("POST /api/v1/order-queue/send", async (span) => {
      const { run } = await createTransferRun(store.db, {
        actor: { id: 7, email: "operator@demo.local", name: "Operator" },
        idempotencyKey: "trace-send-1",
        request: { take: (trx) => takeQueuedOrders(trx, 10), origin: "queue" },
        batchSize: 2,
        maxOrdersPerRun: 100,
        enqueue: enqueueWith(boss),
      });
      span.end();
      return { run, context: span.spanContext() };
    });
    await expect.poll(() => finished.map((r) => r.id), { timeout: 15_000 }).toContain(sent.run.id);
    await tracing.flush();

    const all = spans();
    const run = all.find((s) => s.name === "transfer run" && attr(s, "labs.run.id") === sent.run.id)!;
    expect(run).toBeDefined();
    expect(run.links).toEqual([expect.objectContaining({ traceId: pushed.traceId, spanId: pushed.spanId })]);
    expect(run.traceId).toBe(sent.context.traceId);
    expect(attr(run, "labs.run.transferred")).toBe(3);
    const batches = all.filter((s) => s.name === "transfer batch" && s.parentSpanId === run.spanId);
    expect(batches.map((b) => [attr(b, "labs.batch.number"), attr(b, "labs.batch.orders"), attr(b, "labs.batch.transferred")]).sort()).toEqual([
      [1, 2, 2],
      [2, 1, 1],
    ]);
    const calls = all.filter((s) => batches.some((b) => b.spanId === s.parentSpanId));
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({ name: "transfer orders", kind: 3, traceId: run.traceId });
      expect([attr(call, "labs.operation"), attr(call, "http.request.method"), attr(call, "http.response.status_code")]).toEqual(["transfer orders", "POST", 200]);
      expect(attr(call, "url.full")).toBe(`${emulator.url}/v1/action/orders-erp-transfer`);
    }
  });

  it("export no form of the token or an API key, wherever a span carried them", async () => {
    await emulator.client.listWarehouses({ page: 1, limit: 1 });
    const span = tracer().startSpan(`GET /api/v1/warehouses?token=${TOKEN}`, {
      attributes: {
        "url.full": `https://console.example/api?t=${encodeURIComponent(TOKEN)}&key=${API_KEY}`,
        "http.request.header.authorization": `Bearer ${API_KEY}`,
        "http.request.header.cookie": "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2In0..abc.def.ghi",
        "labs.echo": [Buffer.from(`x${TOKEN}`).toString("base64"), `key ${API_KEY}`],
      },
    });
    span.addEvent(`answer ${TOKEN}`, { body: Buffer.from(TOKEN).toString("base64url") });
    span.recordException(new Error(`the platform echoed Bearer ${TOKEN}`));
    span.setStatus({ code: 2, message: `failed with ${API_KEY}` });
    span.end();
    trace.getTracer("other").startSpan(API_KEY).end();
    await tracing.flush();

    const text = Buffer.concat(bodies).toString("latin1");
    expect(text).toContain("console.example");
    expect(text).toContain('"list warehouses"');
    expect(leakSearch(TOKEN).leaks(text)).toEqual([]);
    expect(leakSearch(API_KEY).leaks(text)).toEqual([]);
    expect(text).not.toContain("eyJhbGciOiJkaXIi");
  });

  it("make one server span a request, named by its route template and continuing a caller's traceparent, with Next's tracer idle", async () => {
    const routeOf = routeMatcher({ dynamicRoutes: [{ page: "/api/warehouses/[id]", regex: "^/api/warehouses/([^/]+?)(?:/)?$" }] });
    let nextTraces: boolean | undefined;
    const server = createServer((req, res) =>
      traceRequest(routeOf, req, res, () => {
        nextTraces = nextTracer().isOpenTelemetryEnabled();
        void emulator.client.listWarehouses({ page: 1, limit: 2 }).then(() => res.writeHead(200).end("ok"));
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const caller = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7" };
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/warehouses/7?x=1`, { headers: { traceparent: `00-${caller.traceId}-${caller.spanId}-01` } });
    expect(await res.text()).toBe("ok");
    await new Promise((r) => server.close(r));
    await tracing.flush();

    expect(ownServerSpans()).toBe(true);
    expect(nextTraces).toBe(false);
    const inTrace = spans().filter((s) => s.traceId === caller.traceId);
    const request = inTrace.find((s) => s.kind === 2)!;
    expect(inTrace.map((s) => [s.name, s.parentSpanId]).sort()).toEqual([
      ["GET /api/warehouses/[id]", caller.spanId],
      ["list warehouses", request.spanId],
    ]);
    expect(["http.method", "http.target", "http.route", "http.status_code"].map((k) => attr(request, k))).toEqual(["GET", "/api/warehouses/7?x=1", "/api/warehouses/[id]", 200]);
  });

  it("redact a secret known only after the same text went out once", async () => {
    const late = `late-${randomBytes(12).toString("hex")}`;
    const name = `call with ${late}`;
    for (let i = 0; i < 2; i++) {
      if (i === 1) registerSecret(late);
      tracer().startSpan(name, { attributes: { "labs.echo": late } }).end();
      await tracing.flush();
    }
    const sent = spans().filter((s) => s.name.startsWith("call with "));
    expect(sent.map((s) => [s.name, attr(s, "labs.echo")])).toEqual([
      [name, late],
      ["call with [redacted]", "[redacted]"],
    ]);
  });

  it("put the active span's ids on a log line", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const ids = tracer().startActiveSpan("work", (span) => {
      log.info("transfer run working", { event: "transfer.run_working", runId: "r-1" });
      span.end();
      return span.spanContext();
    });
    log.info("outside any span", { event: "test.outside" });
    spy.mockRestore();
    const [inside, outside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inside).toMatchObject({ event: "transfer.run_working", run_id: "r-1", trace_id: ids.traceId, span_id: ids.spanId });
    expect(outside).not.toHaveProperty("trace_id");
  });
});
