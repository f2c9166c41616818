import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditRow } from "@/lib/audit/row";
import type { TargetPolicy } from "@/lib/alerts/targets";
import { deliverOnce, streamStatus } from "@/lib/audit-stream/deliver";
import { syslogSender } from "@/lib/audit-stream/syslog";
import { processRedactor } from "@/lib/rules/secrets";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";
import { leakSearch } from "@/test/token-needles";

// The audit stream as RFC 5424 syslog to real receivers on 127.0.0.1 (plain TCP and TLS), read back with a parser of our own.

const TOKEN = "syslog-test-UPSTREAM-token/4e1a+93cd";
const CA_FILE = path.join(process.cwd(), "test/fixtures/syslog-test-cert.pem");
const LOOPBACK: TargetPolicy = { allowLoopback: true, allowed: [] };

interface Message {
  pri: number;
  version: string;
  timestamp: string;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string;
  sd: { id: string; params: Record<string, string> }[];
  msg: string;
  bom: boolean;
}

/** RFC 5424 section 6: HEADER SP STRUCTURED-DATA [SP MSG], with the escapes of section 6.3.3. */
function parse5424(text: string): Message {
  const head = /^<(\d{1,3})>(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) /.exec(text);
  if (!head) throw new Error(`not an RFC 5424 header: ${text.slice(0, 80)}`);
  let i = head[0].length;
  const sd: Message["sd"] = [];
  if (text[i] === "-") i++;
  else {
    while (text[i] === "[") {
      const id = /^\[([^ =\]"]{1,32})/.exec(text.slice(i));
      if (!id) throw new Error(`bad SD-ID at ${i}`);
      i += id[0].length;
      const params: Record<string, string> = {};
      while (text[i] === " ") {
        const name = /^ ([^ =\]"]{1,32})="/.exec(text.slice(i));
        if (!name) throw new Error(`bad SD-PARAM at ${i}`);
        i += name[0].length;
        let value = "";
        for (;;) {
          const c = text[i++];
          if (c === undefined) throw new Error("unterminated PARAM-VALUE");
          if (c === '"') break;
          if (c === "]") throw new Error("an unescaped ] in a PARAM-VALUE");
          if (c === "\\" && ['"', "\\", "]"].includes(text[i]!)) value += text[i++];
          else value += c;
        }
        params[name[1]!] = value;
      }
      if (text[i++] !== "]") throw new Error(`SD-ELEMENT not closed at ${i - 1}`);
      sd.push({ id: id[1]!, params });
    }
  }
  let msg = "";
  if (i < text.length) {
    if (text[i] !== " ") throw new Error(`no SP before MSG at ${i}`);
    msg = text.slice(i + 1);
  }
  const bom = msg.startsWith("\uFEFF");
  const [, pri, version, timestamp, hostname, appName, procId, msgId] = head;
  return { pri: Number(pri), version: version!, timestamp: timestamp!, hostname: hostname!, appName: appName!, procId: procId!, msgId: msgId!, sd, msg: bom ? msg.slice(1) : msg, bom };
}

/** RFC 6587 section 3.4.1 octet counting: MSG-LEN SP SYSLOG-MSG, the length in bytes. */
function frames(bytes: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const len = bytes.subarray(at, space).toString("latin1");
    if (!/^[1-9]\d*$/.test(len)) throw new Error(`bad MSG-LEN "${len}" at byte ${at}`);
    out.push(bytes.subarray(space + 1, space + 1 + Number(len)).toString("utf8"));
    at = space + 1 + Number(len);
    if (at > bytes.length) throw new Error("a frame longer than the bytes received");
  }
  return out;
}

class SyslogReceiver {
  connections: Buffer[] = [];
  port = 0;
  hold = false;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();

  constructor(private readonly secure: boolean) {}

  async up(): Promise<void> {
    const onSocket = (socket: net.Socket) => {
      const chunks: Buffer[] = [];
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("end", () => {
        this.connections.push(Buffer.concat(chunks));
        if (!this.hold) socket.end();
      });
      socket.on("error", () => undefined);
    };
    this.server = this.secure
      ? tls.createServer({ key: readFileSync(path.join(process.cwd(), "test/fixtures/syslog-test-key.pem")), cert: readFileSync(CA_FILE), allowHalfOpen: true }, onSocket)
      : net.createServer({ allowHalfOpen: true }, onSocket);
    this.server.on("connection", (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
    this.server = null;
  }

  get bytes(): Buffer {
    return Buffer.concat(this.connections);
  }

  get messages(): Message[] {
    return frames(this.bytes).map(parse5424);
  }
}

let store: Store;
let conn: Kysely<Database>;
const plain = new SyslogReceiver(false);
const secure = new SyslogReceiver(true);

const tcp = (targets = LOOPBACK, timeoutMs = 2000) => ({ batch: 3, send: syslogSender(`syslog+tcp://127.0.0.1:${plain.port}`, { targets, timeoutMs, caFile: null }) });
const overTls = (caFile: string | null) => ({ batch: 3, send: syslogSender(`syslog+tls://127.0.0.1:${secure.port}`, { targets: LOOPBACK, timeoutMs: 2000, caFile }) });

async function audit(action: string, over: { outcome?: "success" | "failure" | "denied"; target?: { type: string; id: string }; message?: string } = {}): Promise<number> {
  const row = await conn
    .insertInto("audit_events")
    .values(auditRow({ actor: { id: 1, email: "admin@demo.local" }, action, outcome: over.outcome ?? "success", target: over.target, message: over.message ?? null }, new Date()))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function drain(target: ReturnType<typeof tcp>): Promise<void> {
  for (;;) {
    const r = await deliverOnce(conn, target);
    if (r.held || !r.ok || r.sent === 0) return;
  }
}

const ids = (messages: Message[]) => messages.map((m) => Number(m.sd[0]!.params.id));

beforeAll(async () => {
  store = await openTestStore();
  conn = store.db;
  processRedactor().add(TOKEN);
  await plain.up();
  await secure.up();
});
afterAll(async () => {
  await plain.down();
  await secure.down();
  await store.close();
});
beforeEach(async () => {
  await drain(tcp());
  plain.connections = [];
  secure.connections = [];
  plain.hold = false;
});

describe("the audit stream to syslog", () => {
  it("sends each row once, in order, as an RFC 5424 message with its id, target and outcome, escaped, and no form of the token", async () => {
    const sent = [
      await audit("warehouse.update", { target: { type: "warehouse", id: 'W]1 "north" \\dock' } }),
      await audit("erp.transfer.start", { outcome: "failure", message: "1 order refused" }),
      await audit("auth.login", { outcome: "denied" }),
      await audit("inbox.retry", { message: `the platform said: ${TOKEN}`, target: { type: "order", id: TOKEN } }),
      await audit("queue.add"),
    ];
    await drain(tcp());
    const messages = plain.messages;
    expect(ids(messages)).toEqual(sent);
    expect(plain.connections).toHaveLength(2);
    expect(messages.map((m) => [m.pri, m.msgId])).toEqual([
      [13 * 8 + 5, "warehouse.update"],
      [13 * 8 + 4, "erp.transfer.start"],
      [13 * 8 + 4, "auth.login"],
      [13 * 8 + 5, "inbox.retry"],
      [13 * 8 + 5, "queue.add"],
    ]);
    for (const m of messages) {
      expect(m).toMatchObject({ version: "1", appName: "labs-console", procId: String(process.pid), bom: true });
      expect(m.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(m.hostname).toMatch(/^[\x21-\x7e]{1,255}$/);
      expect(m.sd.map((e) => e.id)).toEqual(["labs@32473"]);
      expect(JSON.parse(m.msg)).toMatchObject({ id: Number(m.sd[0]!.params.id), action: m.msgId });
    }
    expect(messages[0]!.sd[0]!.params).toEqual({ id: String(sent[0]), outcome: "success", actorId: "1", targetType: "warehouse", targetId: 'W]1 "north" \\dock' });
    expect(messages[1]!.sd[0]!.params.outcome).toBe("failure");
    expect(leakSearch(TOKEN).leaks(plain.bytes.toString("utf8"))).toEqual([]);
    expect(messages[3]!.sd[0]!.params.targetId).toContain("[redacted]");
  });

  it("over TLS verifies the receiver's certificate: refused without the CA file, delivered with it", async () => {
    const id = await audit("apikey.create");
    const refused = await deliverOnce(conn, overTls(null));
    expect(refused).toMatchObject({ ok: false, sent: 0 });
    expect((await streamStatus(conn)).lastError).toMatch(/self.signed certificate/i);
    expect(secure.connections).toHaveLength(0);
    expect((await streamStatus(conn)).behind).toBe(1);
    await drain(overTls(CA_FILE));
    expect(ids(secure.messages)).toEqual([id]);
    expect(await streamStatus(conn)).toMatchObject({ behind: 0, failures: 0 });
  });

  it("loses nothing while the receiver is down, does not count a batch the receiver never finished, and sends every row once when it is back", async () => {
    const sent = [await audit("test.syslog.1")];
    await plain.down();
    sent.push(await audit("test.syslog.2"), await audit("test.syslog.3"), await audit("test.syslog.4"));
    expect(await deliverOnce(conn, tcp())).toMatchObject({ ok: false, sent: 0 });
    expect(await streamStatus(conn)).toMatchObject({ behind: 4, failures: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
    await plain.up();
    plain.hold = true;
    expect(await deliverOnce(conn, tcp(LOOPBACK, 1000))).toMatchObject({ ok: false, sent: 0, error: "No answer within 1 s." });
    expect((await streamStatus(conn)).behind).toBe(4);
    plain.hold = false;
    plain.connections = [];
    await drain(tcp());
    expect(ids(plain.messages)).toEqual(sent);
    expect(await streamStatus(conn)).toMatchObject({ behind: 0, failures: 0, lastError: null });
  });

  it("sends plain TCP only to this machine or a relay ALERT_ALLOWED_TARGETS names, and nothing to an address inside the network it does not", async () => {
    await audit("test.syslog.plain");
    const publicRelay: TargetPolicy = { allowLoopback: true, allowed: [], resolve: async () => [{ address: "93.184.215.14", family: 4 }] };
    const toPublic = { batch: 3, send: syslogSender("syslog+tcp://relay.example.com:514", { targets: publicRelay, timeoutMs: 2000, caFile: null }) };
    expect(await deliverOnce(conn, toPublic)).toMatchObject({ ok: false, error: expect.stringMatching(/syslog\+tcp only to this machine/) });
    expect(await deliverOnce(conn, tcp({ allowLoopback: false, allowed: [] }))).toMatchObject({ ok: false, error: expect.stringMatching(/inside the network/) });
    expect(plain.connections).toHaveLength(0);
    await drain(tcp({ allowLoopback: false, allowed: [{ cidr: "127.0.0.1/32", port: plain.port }] }));
    expect(plain.messages).toHaveLength(1);
  });
});
