import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange, ExchangeNotSent, ExchangeTimeout } from "@/lib/upstream/transport";

let server: Server;
let base: string;
const seen: { method?: string; body: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method, body, headers: req.headers });
      const path = req.url ?? "/";
      if (path === "/redirect") {
        res.writeHead(302, { Location: "/json" }).end();
      } else if (path === "/gzip") {
        res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(gzipSync('{"şehir":"İzmir"}'));
      } else if (path === "/bom") {
        res.writeHead(200, { "Content-Type": "application/json" }).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]));
      } else if (path === "/cut") {
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
        res.write('{"items":[');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (path === "/maintenance") {
        res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "120" }).end('{"message":"Bakım"}');
      } else if (path === "/slow-body") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"items":[');
        setTimeout(() => res.end("]}"), 500);
      } else {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ echo: body }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const get = (path: string, timeoutMs = 1000) => exchange(new URL(path, base), { method: "GET", headers: {}, timeoutMs });

describe("the upstream exchange over node:http", () => {
  it("sends the body with its length and reads the answer, over one kept-alive connection", async () => {
    const a = await exchange(new URL("/json", base), { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"ids":["1"]}', timeoutMs: 1000 });
    expect(a).toEqual({ status: 200, ok: true, text: JSON.stringify({ echo: '{"ids":["1"]}' }), retryAfter: null });
    expect(seen.at(-1)?.headers["content-length"]).toBe("13");
    await get("/json");
    expect(seen.at(-1)?.headers.connection).toBe("keep-alive");
  });

  it("does not follow a redirect: it fails like a broken connection", async () => {
    await expect(get("/redirect")).rejects.toThrow(/redirect/);
  });

  it("decodes a gzip body and drops a UTF-8 byte-order mark, as fetch did", async () => {
    expect((await get("/gzip")).text).toBe('{"şehir":"İzmir"}');
    expect((await get("/bom")).text).toBe('{"a":1}');
  });

  it("fails on a body cut short, never answering the part that arrived", async () => {
    const cut = await get("/cut").then(() => null, (error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
    expect(cut).not.toBeInstanceOf(ExchangeTimeout);
    expect(cut).not.toBeInstanceOf(ExchangeNotSent);
  });

  it("passes on the platform's Retry-After", async () => {
    expect(await get("/maintenance")).toMatchObject({ status: 503, ok: false, retryAfter: "120" });
  });

  it("tells a failure before the connection was up (refused, TLS refused, handshake never done) from one after sending", async () => {
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(get(`http://127.0.0.1:${port}/json`)).rejects.toBeInstanceOf(ExchangeNotSent);
    const before = seen.length;
    await expect(exchange(new URL("/json", base.replace("http:", "https:")), { method: "POST", headers: {}, body: "{}", timeoutMs: 1000 })).rejects.toBeInstanceOf(ExchangeNotSent);
    expect(seen.length).toBe(before);
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const hung = await exchange(new URL(`https://127.0.0.1:${(silent.address() as AddressInfo).port}/`), { method: "POST", headers: {}, body: "{}", timeoutMs: 200 }).catch((e: unknown) => e);
    held.forEach((socket) => socket.destroy());
    await new Promise((r) => silent.close(r));
    expect(hung).toBeInstanceOf(ExchangeTimeout);
    expect((hung as ExchangeTimeout).connected).toBe(false);
    const slow = await get("/slow-body", 200).catch((e: unknown) => e);
    expect((slow as ExchangeTimeout).connected).toBe(true);
  });

  it("holds its deadline over the body too, not only the headers", async () => {
    await expect(get("/slow-body", 200)).rejects.toBeInstanceOf(ExchangeTimeout);
    expect((await get("/slow-body", 2000)).text).toBe('{"items":[]}');
  });
});
