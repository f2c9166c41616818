import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

export function verifyWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string, toleranceSeconds = 300): boolean {
  const timestamp = String(headers["x-labs-timestamp"] ?? "");
  const signature = String(headers["x-labs-signature"] ?? "");
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

export async function startReceiver(
  secret: string,
  answer: (n: number, req: Received) => { status: number; body: string } | "close" = () => ({ status: 200, body: "ok" }),
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry = { path: req.url ?? "", headers: req.headers, body, verified: verifyWebhook(secret, req.headers, body) };
      received.push(entry);
      const a = answer(received.length, entry);
      if (a === "close") {
        req.socket.destroy();
        return;
      }
      res.writeHead(a.status, { "content-type": "text/plain" }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
}

export async function startSmtp(options: { user?: string; password?: string; refuse?: boolean } = {}) {
  const mails: Mail[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, cb) {
      cb(options.refuse ? Object.assign(new Error("No mail from you"), { responseCode: 554 }) : null);
    },
    onAuth(auth, _session, cb) {
      logins.push({ user: auth.username ?? "", password: auth.password ?? "" });
      if (auth.username === options.user && auth.password === options.password) cb(null, { user: auth.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          // A long subject is folded onto continuation lines (RFC 5322); unfolded here.
          subject: /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n(?=[ \t])/g, "").trim() ?? "",
          text: decodeQuotedPrintable(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, logins, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function startSilent(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export async function startBanner(banner: string): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => undefined);
    s.write(`${banner}\r\n`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export async function startFlood(total: number): Promise<{ url: string; written: () => number; finished: Promise<void>; close: () => Promise<void> }> {
  let written = 0;
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  const chunk = Buffer.alloc(64 * 1024, "x");
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(total) });
      const pump = () => {
        while (written < total && !res.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
          written += piece.length;
          if (!res.write(piece)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on("close", finish);
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    written: () => written,
    finished,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
