// A small round-robin HTTP balancer for running several console instances on one machine (and for the cluster tests).
// It adds X-Forwarded-For, so each console runs with TRUSTED_PROXY_HOPS=1. In production use your own (nginx, HAProxy, a cloud LB): see docs/operating.md "Running several instances".
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

export function startBalancer(port: number, upstreams: string[], host = "127.0.0.1"): Promise<Balancer> {
  const targets = upstreams.map((u) => new URL(u));
  let next = 0;
  const down = new Map<string, number>();

  const forward = (req: IncomingMessage, res: ServerResponse, attempt: number) => {
    const candidates = targets.filter((t) => (down.get(t.host) ?? 0) < Date.now());
    const pool = candidates.length > 0 ? candidates : targets;
    const target = pool[next++ % pool.length]!;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": forwardedFor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      // A stopped instance: skip it for a few seconds; an idempotent request tries the next one.
      down.set(target.host, Date.now() + 5000);
      if (!res.headersSent && attempt < targets.length && (req.method === "GET" || req.method === "HEAD")) return forward(req, res, attempt + 1);
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end("Bad gateway\n");
    });
    if (req.method === "GET" || req.method === "HEAD") upstream.end();
    else req.pipe(upstream);
  };

  const server = createServer((req, res) => forward(req, res, 1));
  return new Promise((resolve) => {
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${port}`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      }),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BALANCER_PORT ?? 3000);
  const upstreams = (process.env.BALANCER_UPSTREAMS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (upstreams.length === 0) {
    console.error("Set BALANCER_UPSTREAMS to the instances' URLs, comma-separated.");
    process.exit(1);
  }
  const b = await startBalancer(port, upstreams, process.env.BALANCER_HOST ?? "127.0.0.1");
  console.log(`Balancer on ${b.url} -> ${upstreams.join(", ")}`);
}
