// HTTP front of the Labs /v1 emulator: auth, fault injection, request log, JSON answers.
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { handleV1 } from "./api";
import { handleControl, isControlPath } from "./control";
import { EmulatorDb } from "./db";
import { escapedJson, FaultTable, speltBody, type FaultRule } from "./faults";
import { RequestLog } from "./request-log";
import { type Body, type Reply, MSG, error } from "./reply";

export interface EmulatorOptions {
  token: string;
  dbFile: string;
  quiet?: boolean;
}

export interface Emulator {
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";
const MAX_BODY_BYTES = 1024 * 1024;
const MALFORMED_JSON = '{"status":"success","items":[{"id":1,';
const PARTIAL_JSON = '{"items":[{"id":1,"name":"Online","code":"ONLINE","erpWarehouseId":null,"isDef';

type RawBody = { bytes: Buffer; tooLarge: boolean } | null;

export function createEmulator(opts: EmulatorOptions): Emulator {
  if (typeof opts.token !== "string" || opts.token.length === 0) throw new Error("createEmulator: token is required");
  const tokenDigest = sha256(opts.token);
  const db = new EmulatorDb(opts.dbFile);
  const faults = new FaultTable();
  const log = new RequestLog();
  const ctx = { db, faults, log };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  function authorized(header: string | undefined): boolean {
    if (typeof header !== "string" || header.length < 8 || header.slice(0, 7).toLowerCase() !== "bearer ") return false;
    // Equal-length digests, compared in constant time.
    return timingSafeEqual(sha256(header.slice(7).trim()), tokenDigest);
  }

  async function onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const t0 = performance.now();
    const at = new Date().toISOString();
    const method = (req.method ?? "GET").toUpperCase();
    const rawUrl = req.url ?? "/";
    const qi = rawUrl.indexOf("?");
    const path = qi === -1 ? rawUrl : rawUrl.slice(0, qi);
    const query = new URLSearchParams(qi === -1 ? "" : rawUrl.slice(qi + 1));

    const raw = await readBody(req);
    if (raw === null || closed) return; // client went away, or we are shutting down
    const body = parseBody(raw);
    const isAuthorized = authorized(req.headers.authorization);

    if (isControlPath(path)) {
      // Control requests are never logged and never hit by faults.
      if (!isAuthorized) send(res, error(401, MSG.unauthorized));
      else if (raw.tooLarge) send(res, error(413, MSG.bodyTooLarge));
      else send(res, handleControl(ctx, method, path, query, body));
      return;
    }

    let waited = 0;
    let rule: FaultRule | undefined;
    let status: number | null;
    const delay = async (ms: number) => {
      if (ms <= 0) return;
      const s = performance.now();
      await sleep(ms);
      waited += performance.now() - s;
    };

    if (!isAuthorized) status = send(res, error(401, MSG.unauthorized));
    else if (raw.tooLarge) status = send(res, error(413, MSG.bodyTooLarge));
    else {
      rule = path === "/v1" || path.startsWith("/v1/") ? faults.take(method, path) : undefined;
      if (!rule) status = send(res, handleV1(db, method, path, query, body));
      else if (rule.apply === "before") {
        await delay(rule.latencyMs);
        if (closed) return;
        status = rule.kind ? emitFault(req, res, rule, opts.token) : send(res, handleV1(db, method, path, query, body));
      } else {
        // "after": the upstream acts, then the answer is slow and/or lost.
        const reply = handleV1(db, method, path, query, body);
        await delay(rule.latencyMs);
        if (closed) return;
        status = rule.kind ? emitFault(req, res, rule, opts.token) : send(res, reply);
      }
    }

    log.append({
      at,
      method,
      path,
      query: Object.fromEntries(query),
      body: body.kind === "json" ? body.value : body.kind === "invalid" ? body.raw : null,
      authorized: isAuthorized,
      status,
      durationMs: Math.max(0, Math.round((performance.now() - t0 - waited) * 1000) / 1000),
      faultId: rule?.id ?? null,
    });
  }

  const server = http.createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      if (!opts.quiet) console.error("[emulator] unexpected error:", err);
      if (!res.headersSent && !res.destroyed) send(res, error(500, MSG.internal));
      else res.destroy();
    });
  });
  // Longer than a client's idle keep-alive (undici's 4 s), so a client never reuses a socket the emulator is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  return {
    listen(port: number, host = "127.0.0.1") {
      return new Promise((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        server.once("error", onError);
        server.listen(port, host, () => {
          server.off("error", onError);
          const addr = server.address();
          const actual = typeof addr === "object" && addr !== null ? addr.port : port;
          const h = host.includes(":") ? `[${host}]` : host;
          resolve({ port: actual, url: `http://${h}:${actual}` });
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      db.close();
    },
  };
}

function sha256(s: string): Buffer {
  return createHash("sha256").update(s, "utf8").digest();
}

function readBody(req: http.IncomingMessage): Promise<RawBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), tooLarge }));
    req.on("error", () => resolve(null));
    req.on("aborted", () => resolve(null));
  });
}

function parseBody(raw: NonNullable<RawBody>): Body {
  if (raw.tooLarge || raw.bytes.length === 0) return { kind: "empty" };
  const text = raw.bytes.toString("utf8");
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch {
    return { kind: "invalid", raw: text };
  }
}

function send(res: http.ServerResponse, reply: Reply, escape: FaultRule["escape"] = null): number {
  const payload = reply.body === undefined ? "" : escapedJson(reply.body, escape);
  res.writeHead(reply.status, {
    "Content-Type": JSON_TYPE,
    "Content-Length": Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
  return reply.status;
}

function emitFault(req: http.IncomingMessage, res: http.ServerResponse, rule: FaultRule, token: string): number | null {
  switch (rule.kind) {
    case "respond":
      // Without a body the answer has no content at all (an empty 500 is a classic).
      return send(
        res,
        { status: rule.status ?? 500, body: rule.hasBody ? speltBody(rule.body, token, rule.spell) : undefined, headers: rule.retryAfter === null ? undefined : { "Retry-After": rule.retryAfter } },
        rule.escape,
      );
    case "malformed-json": {
      const status = rule.status ?? 200;
      res.writeHead(status, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(MALFORMED_JSON) });
      res.end(MALFORMED_JSON);
      return status;
    }
    case "html": {
      const status = rule.status ?? 502;
      const title = `${status} ${http.STATUS_CODES[status] ?? "Error"}`;
      const page = `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(page) });
      res.end(page);
      return status;
    }
    case "drop":
      req.socket.destroy();
      return null;
    case "drop-mid-body": {
      const socket = req.socket;
      res.writeHead(rule.status ?? 200, {
        "Content-Type": JSON_TYPE,
        "Content-Length": Buffer.byteLength(PARTIAL_JSON) + 4096,
      });
      // Let the headers and the first bytes reach the client, then cut the connection.
      res.write(PARTIAL_JSON, () => setImmediate(() => socket.destroy()));
      return null;
    }
    case null:
      throw new Error("emitFault called for a latency-only rule");
  }
}
