import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// Real receivers for the alert tests: an HTTP receiver that verifies the webhook signature, and an SMTP server.

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked with the secret the test gave, as a receiver would. */
  verified: boolean;
}

/** What a receiver does to check a delivery: recompute HMAC-SHA256(secret, `${timestamp}.${body}`), compare in constant time, refuse old timestamps. */
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
  /** The raw message with quoted-printable soft breaks and escapes undone (enough to find a link). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export async function startSmtp(options: { user?: string; password?: string; refuse?: boolean } = {}) {
  const mails: Mail[] = [];
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
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
          text: decodeQuotedPrintable(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A TCP server that accepts and never says a word (an SMTP server that does not answer). */
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

/** A port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
