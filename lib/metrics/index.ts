import { timingSafeEqual, createHash } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// One registry per process, on globalThis: Next may load this module once per bundle layer. A floor like lib/log: features call in, it imports none.

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export const BUILD = {
  version: process.env.CONSOLE_BUILD_VERSION || "unknown",
  commit: process.env.CONSOLE_BUILD_COMMIT || "unknown",
};

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics = {
    registry,
    buildInfo: new Gauge({ name: "labs_console_build_info", help: "The running build: always 1, labelled with its version and commit.", labelNames: ["version", "commit"], registers }),
    transferOrders: new Counter({ name: "labs_console_transfer_orders_total", help: "Orders of ended transfer runs, by what their outcome means and the run's origin.", labelNames: ["meaning", "origin"], registers }),
    transferRuns: new Counter({ name: "labs_console_transfer_runs_total", help: "Transfer runs ended, by result and origin.", labelNames: ["result", "origin"], registers }),
    upstreamDuration: new Histogram({
      name: "labs_console_upstream_request_duration_seconds",
      help: "Calls to the platform, by operation and outcome (ok, or the failure's kind).",
      labelNames: ["operation", "outcome"],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    queueOrders: new Gauge({ name: "labs_console_order_queue_orders", help: "Orders waiting in the order queue (read from the shared database).", registers }),
    queueOldestAge: new Gauge({ name: "labs_console_order_queue_oldest_age_seconds", help: "Age of the oldest order in the queue, 0 when empty (read from the shared database).", registers }),
    failuresOpen: new Gauge({ name: "labs_console_failures_open", help: "Open exceptions in the failures inbox, by meaning (read from the shared database).", labelNames: ["meaning"], registers }),
    importStarts: new Counter({ name: "labs_console_import_starts_total", help: "ERP import starts asked of the platform, by kind and outcome.", labelNames: ["kind", "outcome"], registers }),
    httpDuration: new Histogram({
      name: "labs_console_http_server_request_duration_seconds",
      help: "Requests answered, by route template, method and status class.",
      labelNames: ["route", "method", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    alertDeliveries: new Counter({ name: "labs_console_alert_deliveries_total", help: "Alert delivery attempts settled, by channel type and outcome.", labelNames: ["channel_type", "outcome"], registers }),
  };
  metrics.buildInfo.set(BUILD, 1);
  return metrics;
}

const g = globalThis as unknown as { consoleMetrics?: ReturnType<typeof create> };
const m = (g.consoleMetrics ??= create());
// The server script's copy may have made the registry without the build's values, which only the bundled copy knows.
if (BUILD.version !== "unknown") {
  m.buildInfo.reset();
  m.buildInfo.set(BUILD, 1);
}

export function countTransferRun(run: { result: string; origin: string; meanings: Record<string, number> }): void {
  m.transferRuns.inc({ result: run.result, origin: run.origin });
  for (const [meaning, n] of Object.entries(run.meanings)) if (n > 0) m.transferOrders.inc({ meaning, origin: run.origin }, n);
}

export function observeUpstreamCall(call: { operation: string; ms: number; error?: string }): void {
  m.upstreamDuration.observe({ operation: call.operation, outcome: call.error ?? "ok" }, call.ms / 1000);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeHttpRequest(request: { route: string; method: string | undefined; status: number; seconds: number }): void {
  const method = METHODS.has(request.method ?? "") ? request.method! : "_OTHER";
  m.httpDuration.observe({ route: request.route, method, status_class: `${Math.floor(request.status / 100)}xx` }, request.seconds);
}

export function countImportStart(kind: string, outcome: "started" | "failed"): void {
  m.importStarts.inc({ kind, outcome });
}

export function countAlertDelivery(channelType: string, outcome: string): void {
  m.alertDeliveries.inc({ channel_type: channelType, outcome });
}

export interface SharedFigures {
  queue: { count: number; oldest: Date | null };
  failuresOpen: Record<string, number>;
}

export async function scrape(read: () => Promise<SharedFigures>, now = Date.now()): Promise<string> {
  const figures = await read();
  m.queueOrders.set(figures.queue.count);
  m.queueOldestAge.set(figures.queue.oldest ? Math.max(0, (now - figures.queue.oldest.getTime()) / 1000) : 0);
  for (const [meaning, n] of Object.entries(figures.failuresOpen)) m.failuresOpen.set({ meaning }, n);
  return m.registry.metrics();
}

export function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
