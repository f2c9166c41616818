import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

// node:http on kept-alive connections, ~0.5 ms of CPU less per call than fetch, keeping fetch's contract (one deadline, no redirect).

export interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface Answer {
  status: number;
  ok: boolean;
  text: string;
  retryAfter: string | null;
}

export class ExchangeTimeout extends Error {
  constructor(
    ms: number,
    readonly connected = true,
  ) {
    super(`no answer within ${ms} ms`);
    this.name = "ExchangeTimeout";
  }
}

/** The connection (TLS included) failed before it was up: not one byte of the request left. */
export class ExchangeNotSent extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ExchangeNotSent";
  }
}

// Idle connections close after the server's Keep-Alive hint less a second (Node's agent), else after 4 s.
const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000, scheduling: "lifo" as const };
const g = globalThis as unknown as { labsUpstreamAgents?: { http: http.Agent; https: https.Agent } };
const agents = (g.labsUpstreamAgents ??= { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const decoder = () => new TextDecoder("utf-8");

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers["content-encoding"] ?? "").trim().toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return res.pipe(zlib.createGunzip());
  if (encoding === "deflate") return res.pipe(zlib.createInflate());
  if (encoding === "br") return res.pipe(zlib.createBrotliDecompress());
  return res;
}

export function exchange(url: URL, init: Exchange): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      reject(new TypeError(`unsupported protocol ${url.protocol}`));
      return;
    }
    let settled = false;
    let connected = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br", ...init.headers };
    if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, { method: init.method, headers, agent: url.protocol === "https:" ? agents.https : agents.http }, (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        settle(() => reject(new Error("the upstream answered with a redirect, which is not followed")));
        req.destroy();
        return;
      }
      const body = decoded(res);
      const chunks: Buffer[] = [];
      const fail = (error: unknown) => settle(() => reject(error));
      res.on("error", fail);
      if (body !== res) body.on("error", fail);
      body.on("data", (chunk: Buffer) => chunks.push(chunk));
      body.on("end", () => {
        if (!res.complete) return fail(new Error("closed before a complete answer"));
        const retryAfter = res.headers["retry-after"];
        settle(() => resolve({ status, ok: status >= 200 && status < 300, text: decoder().decode(Buffer.concat(chunks)), retryAfter: typeof retryAfter === "string" ? retryAfter : null }));
      });
      res.on("close", () => {
        if (!res.complete) fail(new Error("closed before a complete answer"));
      });
    });
    req.on("socket", (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => (connected = true));
    });
    const timer = setTimeout(() => {
      settle(() => reject(new ExchangeTimeout(init.timeoutMs, connected)));
      req.destroy();
    }, init.timeoutMs);
    req.on("error", (error) => settle(() => reject(connected ? error : new ExchangeNotSent(error))));
    req.end(init.body);
  });
}
