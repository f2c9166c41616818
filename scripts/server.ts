// The console's HTTP server (in place of `next start`): settles who the client is per request, in a header only this process can set.
import "@/scripts/require-node";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { envSchema } from "@/lib/config/env";
import { ensureLocalServer, StoreInUseError, type LocalServer } from "@/lib/db/local-server";
import { closeAll, drainAll } from "@/lib/jobs/shutdown";
import { isLoopbackHost, isLoopbackName, settleClientHeaders } from "@/lib/server/client-address";
import { guardRequest, rawResponse, serverActionIds } from "@/lib/server/request-guard";
import type { RouteOf } from "@/lib/metrics/http";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
// Like `next start` and `next dev`; must be set before Next loads.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";

const env = envSchema.parse(process.env);
const hops = env.TRUSTED_PROXY_HOPS;
const host = env.HOST;
// DATABASE_URL may be in .env, which Next reads only later: read here first, as npm start does (set variables win).
let local: LocalServer | undefined;
for (const file of [".env.local", ".env"]) {
  if (!process.env.DATABASE_URL && existsSync(path.join(root, file))) process.loadEnvFile(path.join(root, file));
}
if (!process.env.DATABASE_URL?.trim()) {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  try {
    local = await ensureLocalServer(dataDir);
  } catch (error) {
    console.error(`Labs console cannot start. ${error instanceof StoreInUseError ? error.message : `Its PostgreSQL did not start: ${String(error)}`}`);
    process.exit(1);
  }
  process.env.DATABASE_URL = local.url;
  if (local.created && existsSync(path.join(dataDir, "store", "PG_VERSION"))) {
    console.log(`An earlier console's store is in ${path.join(dataDir, "store")}: stop this console and run npm run store:copy -- --pglite ${path.join(dataDir, "store")} to move it in (npm start does it by itself).`);
  }
}
// tsx turns source maps on; in production they would hold every chunk's map in the heap (about 90 MB) and slow every GC.
if (!dev) process.setSourceMapsEnabled(false);
const { default: next } = await import("next");

// Loopback only (demo mode's default): a DNS-rebinding page sends its own name as Host, and is refused.
const loopbackOnly = host !== undefined && isLoopbackName(host);

function badRequest(req: IncomingMessage, res: ServerResponse, detail = "The Host or forwarding headers are malformed.") {
  const api = (req.url ?? "").startsWith("/api/");
  res.writeHead(400, {
    "Content-Type": api ? "application/problem+json" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(
    api
      ? JSON.stringify({ type: "https://labs-console.local/problems/bad-request", title: "Bad request", status: 400, code: "bad_request", detail })
      : `Bad request: ${detail}\n`,
  );
}

const httpServer = createServer();
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
const app = next({ dev, dir: root, hostname: host && host !== "0.0.0.0" && host !== "::" ? host : "localhost", port: env.PORT, httpServer });
const handle = app.getRequestHandler();
// This build's server action ids: a stale id gets Next's own "not found" answer without a stack in the log.
let actions: Set<string> | undefined;

// Set once Next is prepared: the registry is then the bundle's, which knows the build.
let timeRequest: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
let traceRequest: ((req: IncomingMessage, res: ServerResponse, handle: () => void) => void) | undefined;
const inFlight = new Set<ServerResponse>();
let stopping = false;

httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
  timeRequest?.(req, res);
  inFlight.add(res);
  res.once("close", () => {
    inFlight.delete(res);
    if (stopping) settled();
  });
  // Stopping: answered, then the connection closes, so a client's next request goes to another instance.
  if (stopping) res.shouldKeepAlive = false;
  if (!settleClientHeaders(req.headers, req.socket.remoteAddress, hops)) {
    badRequest(req, res);
    return;
  }
  if (loopbackOnly && !isLoopbackHost(req.headers.host)) {
    badRequest(req, res, "This console answers to this machine's names only (localhost, 127.0.0.1, [::1]).");
    return;
  }
  // Odd methods, targets, router states and action ids are the client's fault: 400/405/409, never a 500 and a stack.
  const refusal = guardRequest({ method: req.method, url: req.url, headers: req.headers }, { actions });
  if (refusal) {
    res.writeHead(refusal.status, refusal.headers).end(req.method === "HEAD" ? undefined : refusal.body);
    return;
  }
  const answer = () =>
    void handle(req, res).catch((error: unknown) => {
      console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", event: "server.request_failed", msg: "request failed", error: String(error) }));
      if (!res.headersSent) res.writeHead(500).end();
    });
  if (traceRequest) traceRequest(req, res, answer);
  else answer();
});

httpServer.on("connect", (req: IncomingMessage, socket: Duplex) => {
  socket.end(rawResponse(guardRequest({ method: req.method, url: req.url, headers: req.headers })!));
});

httpServer.on("error", (error) => {
  console.error(`The console's server failed: ${String(error)}`);
  void local?.stop();
  process.exit(1);
});

// Graceful stop: in-flight requests and job handlers finish by a deadline past the upstream timeout; a second signal exits at once.
const STOP_MARGIN_MS = 5000;
const LATE_GRACE_MS = 2000;
const CLOSE_MS = 5000;
// Ctrl-C reaches `npm start` and this process together, and `npm start` passes it on: one stop, not two.
const SAME_STOP_MS = 1000;
let stoppedAt = 0;
let allAnswered: () => void = () => undefined;

function settled() {
  // Once a response has ended its connection is idle: closed, rather than kept for a next request.
  setImmediate(() => httpServer.closeIdleConnections());
  if (inFlight.size === 0) allAnswered();
}

function note(level: "info" | "error", event: string, msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ t: new Date().toISOString(), level, event: `server.${event}`, msg, pid: process.pid, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<"late">((resolve) => setTimeout(() => resolve("late"), Math.max(0, ms)).unref())]);

async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    if (Date.now() - stoppedAt < SAME_STOP_MS) return;
    note("error", "stopped_at_once", "stopping at once: a second signal", { signal, requests: inFlight.size });
    void local?.stop();
    process.exit(1);
  }
  stopping = true;
  stoppedAt = Date.now();
  const deadlineAt = stoppedAt + env.LABS_API_TIMEOUT_MS + STOP_MARGIN_MS;
  note("info", "stopping", "stopping: finishing the requests and jobs in hand", { signal, requests: inFlight.size, deadline_ms: deadlineAt - stoppedAt });
  httpServer.close();
  for (const res of inFlight) res.shouldKeepAlive = false;
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  settled();
  // A little past the deadline: the engine then fails the jobs still running, which sends them to recovery at once.
  const drained = await within(deadlineAt + LATE_GRACE_MS - Date.now(), Promise.all([answered, drainAll(deadlineAt)]));
  if (drained === "late") {
    note("error", "stopped_late", "stopped at the deadline with work unfinished", { requests: inFlight.size });
    void local?.stop();
    process.exit(1);
  }
  const failed = [...drained[1]];
  // Next first (it may still run work scheduled with after()), then the last writes, the pools, the store.
  await within(CLOSE_MS, app.close()).catch((error: unknown) => failed.push({ hook: "next", error: String(error) }));
  const closed = await within(CLOSE_MS, closeAll());
  failed.push(...(closed === "late" ? [{ hook: "close", error: "not done in time" }] : closed));
  if (local) await within(CLOSE_MS, local.stop()).catch((error: unknown) => failed.push({ hook: "postgres", error: String(error) }));
  for (const f of failed) note("error", "stop_step_failed", "a step of the stop failed", { ...f });
  note("info", "stopped", "stopped", { clean: failed.length === 0, duration_ms: Date.now() - stoppedAt });
  process.exit(failed.length === 0 ? 0 : 1);
}
process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));

await app.prepare();
if (!dev) {
  try {
    actions = serverActionIds(JSON.parse(readFileSync(path.join(root, ".next/server/server-reference-manifest.json"), "utf8")));
  } catch {
    // No manifest (a build without actions): ids are checked for their form only.
  }
}
{
  const http = await import("@/lib/metrics/http");
  let routeOf: RouteOf = http.routeMatcher({});
  try {
    routeOf = http.routeMatcher(JSON.parse(readFileSync(path.join(root, dev ? ".next/dev/routes-manifest.json" : ".next/routes-manifest.json"), "utf8")));
  } catch {
    // No manifest: every request counts under "other".
  }
  timeRequest = (req, res) => http.timeRequest(routeOf, req, res);
  const traced = await import("@/lib/trace/server");
  traceRequest = (req, res, answer) => (traced.ownServerSpans() ? traced.traceRequest(routeOf, req, res, answer) : answer());
}
const { version } = (await import("next/package.json", { with: { type: "json" } })).default;
httpServer.listen(env.PORT, host, () => {
  console.log(`Next.js ${version} console server listening on ${host ?? "all interfaces"}, port ${env.PORT}${dev ? " (development)" : ""}`);
});
