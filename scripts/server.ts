// The console's HTTP server (in place of `next start`): settles who the client is per request, in a header only this process can set.
import "@/scripts/require-node";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { envSchema } from "@/lib/config/env";
import { settleClientHeaders } from "@/lib/server/client-address";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
// Like `next start` and `next dev`; must be set before Next loads.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";

const env = envSchema.parse(process.env);
const hops = env.TRUSTED_PROXY_HOPS;
const host = env.HOST;
const { default: next } = await import("next");

function badRequest(req: IncomingMessage, res: ServerResponse) {
  const api = (req.url ?? "").startsWith("/api/");
  const detail = "The Host or forwarding headers are malformed.";
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
const app = next({ dev, dir: root, hostname: host && host !== "0.0.0.0" && host !== "::" ? host : "localhost", port: env.PORT, httpServer });
const handle = app.getRequestHandler();

httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
  if (!settleClientHeaders(req.headers, req.socket.remoteAddress, hops)) {
    badRequest(req, res);
    return;
  }
  handle(req, res).catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", msg: "request failed", error: String(error) }));
    if (!res.headersSent) res.writeHead(500).end();
  });
});

httpServer.on("error", (error) => {
  console.error(`The console's server failed: ${String(error)}`);
  process.exit(1);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  httpServer.close();
  httpServer.closeIdleConnections();
  setTimeout(() => process.exit(0), 3000).unref();
  void app.close().finally(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

await app.prepare();
// The banner names the framework, so a log can be told apart from the emulator's.
const { version } = (await import("next/package.json", { with: { type: "json" } })).default;
httpServer.listen(env.PORT, host, () => {
  console.log(`Next.js ${version} console server listening on ${host ?? "all interfaces"}, port ${env.PORT}${dev ? " (development)" : ""}`);
});
