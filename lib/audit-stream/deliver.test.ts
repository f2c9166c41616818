import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postToTarget } from "@/lib/alerts/send";
import { auditRow } from "@/lib/audit/row";
import { deliverOnce, ndjsonSender, streamSignature, streamStatus, STREAM_SIGNATURE_HEADER, STREAM_TIMESTAMP_HEADER, type StreamTarget } from "@/lib/audit-stream/deliver";
import { processRedactor } from "@/lib/rules/secrets";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { openTestStore } from "@/test/store";

// The audit stream on a real PostgreSQL to a real HTTP receiver: every row once, in order, signed; a receiver down or a
// restart loses nothing; a row still in an open transaction holds the rows after it back until it commits.

const SECRET = "audit-stream-signing-secret-0123456789";
const TOKEN = "stream-test-UPSTREAM-token/9f2c+77ab";

interface Received {
  lines: { id: number; action: string; message: string | null }[];
  bodies: string[];
  signaturesValid: boolean[];
}

class Receiver {
  received: Received = { lines: [], bodies: [], signaturesValid: [] };
  status = 200;
  private server: http.Server | null = null;
  port = 0;

  async up(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (this.status < 300) {
          this.received.bodies.push(body);
          const ts = String(req.headers[STREAM_TIMESTAMP_HEADER]);
          this.received.signaturesValid.push(req.headers[STREAM_SIGNATURE_HEADER] === streamSignature(SECRET, ts, body) && req.headers["content-type"] === "application/x-ndjson");
          for (const line of body.trim().split("\n")) this.received.lines.push(JSON.parse(line));
        }
        res.writeHead(this.status).end(this.status < 300 ? "ok" : "down for maintenance");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
    this.server = null;
  }
}

let store: Store;
let conn: Kysely<Database>;
const receiver = new Receiver();

const target = (over: Partial<StreamTarget> = {}): StreamTarget => ({
  batch: 3,
  send: ndjsonSender(`http://127.0.0.1:${receiver.port}/audit`, SECRET, (url, body, headers) => postToTarget(url, body, headers, { targets: { allowLoopback: true, allowed: [] }, timeoutMs: 2000 })),
  ...over,
});

async function audit(conn: Kysely<Database>, action: string, message: string | null = null, at = new Date()): Promise<number> {
  const row = await conn
    .insertInto("audit_events")
    .values(auditRow({ actor: { id: 1, email: "admin@demo.local" }, action, outcome: "success", message }, at))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Delivers until a call sends nothing (or fails). */
async function drain(t: StreamTarget = target()): Promise<void> {
  for (;;) {
    const r = await deliverOnce(conn, t);
    if (r.held || !r.ok || r.sent === 0) return;
  }
}

beforeAll(async () => {
  store = await openTestStore();
  conn = store.db;
  processRedactor().add(TOKEN);
  await receiver.up();
});
afterAll(async () => {
  await receiver.down();
  await store.close();
});
beforeEach(async () => {
  await drain();
  receiver.received = { lines: [], bodies: [], signaturesValid: [] };
  receiver.status = 200;
});

describe("the audit stream", () => {
  it("delivers every row once, in order, as signed NDJSON in batches, with no form of a secret", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await audit(conn, `test.row${i}`));
    // Written past the trail's own redaction, as a row from an older version could hold it.
    await conn.updateTable("audit_events").set({ message: `the platform said: ${TOKEN}`, details_json: JSON.stringify({ url: `https://x.test/?t=${encodeURIComponent(TOKEN)}` }) }).where("id", "=", ids[3]!).execute();
    await drain();
    await drain();
    expect(receiver.received.lines.map((l) => l.id)).toEqual(ids);
    expect(receiver.received.bodies).toHaveLength(3);
    expect(receiver.received.signaturesValid).toEqual([true, true, true]);
    expect(receiver.received.bodies.join("")).not.toContain(TOKEN);
    expect(receiver.received.lines[3]!.message).toContain("[redacted]");
    expect((await streamStatus(conn)).behind).toBe(0);
  });

  it("loses nothing while the receiver is down or refuses, nor across a restart, and sends nothing twice", async () => {
    const ids = [await audit(conn, "test.before")];
    await receiver.down();
    ids.push(await audit(conn, "test.while-down-1"), await audit(conn, "test.while-down-2"));
    const failed = await deliverOnce(conn, target());
    expect(failed).toMatchObject({ held: false, ok: false, sent: 0 });
    const status = await streamStatus(conn);
    expect(status.behind).toBe(3);
    expect(status.failures).toBe(1);
    expect(status.lastError).toMatch(/ECONNREFUSED/);
    await receiver.up();
    receiver.status = 503;
    expect(await deliverOnce(conn, target())).toMatchObject({ ok: false, error: "503: down for maintenance" });
    ids.push(await audit(conn, "test.after-503"));
    receiver.status = 200;
    // A restarted console holds nothing in memory: the stored cursor is all there is.
    await drain(target({ batch: 2 }));
    expect(receiver.received.lines.map((l) => l.id)).toEqual(ids);
    expect(await streamStatus(conn)).toMatchObject({ behind: 0, failures: 0, lastError: null });
  });

  it("holds the rows after one still in an open transaction until it commits, then sends them in id order", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let openId = 0;
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    const open = conn.transaction().execute(async (trx) => {
      openId = await audit(trx, "test.slow-transaction");
      inserted();
      await held;
    });
    await insertedSignal;
    const later = await audit(conn, "test.committed-after");
    await drain();
    expect(receiver.received.lines.map((l) => l.id)).toEqual([]);
    release();
    await open;
    await drain();
    expect(receiver.received.lines.map((l) => l.id)).toEqual([openId, later]);
  });

  it("skips an id whose transaction rolled back once the rows after it are older than the wait", async () => {
    await conn
      .transaction()
      .execute(async (trx) => {
        await audit(trx, "test.rolled-back");
        throw new Error("rollback");
      })
      .catch(() => undefined);
    const after = await audit(conn, "test.after-rollback");
    await drain();
    expect(receiver.received.lines).toEqual([]);
    await drain(target({ now: () => new Date(Date.now() + 61_000) }));
    expect(receiver.received.lines.map((l) => l.id)).toEqual([after]);
  });

  it("two instances delivering at once send each row once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await audit(conn, `test.pair${i}`));
    await Promise.all([drain(), drain(), drain()]);
    await drain();
    expect(receiver.received.lines.map((l) => l.id)).toEqual(ids);
  });
});
