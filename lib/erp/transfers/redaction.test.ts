import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tokenNeedles } from "@/test/token-needles";
import type { Database } from "@/lib/store/schema";
import { beginImport, finishImport } from "@/lib/erp/imports/store";
import { createTransferRun } from "@/lib/erp/transfers/runs";
import { listRunOrders } from "@/lib/erp/transfers/orders";
import { settleBatch } from "@/lib/erp/transfers/settling";
import { processRedactor } from "@/lib/rules/secrets";
import { openTestDb } from "@/test/store";

// What the store keeps of the platform's words (a run's order reasons, an import's message and error detail) holds no
// form of a registered secret, whatever the caller hands it.

const SECRET = "erp-store/secret+4a1f";
processRedactor().add(SECRET);
const FORMS = [SECRET, SECRET.replace("/", "\\/"), encodeURIComponent(SECRET), Buffer.from(`x${SECRET}`).toString("base64")];
const TEXT = `Anahtar reddedildi: ${FORMS.join(" ")}`;
const ACTOR = { id: 1, email: "admin@demo.local", name: "Demo Admin" };
const leaks = (value: unknown) => tokenNeedles(SECRET).filter((n) => JSON.stringify(value).includes(n.value)).map((n) => n.name);
let conn: Kysely<Database>;

beforeEach(async () => {
  conn = await openTestDb();
});

afterEach(async () => {
  await conn.destroy();
});

describe("the store keeps no form of a secret", () => {
  it("in a run's order reasons", async () => {
    const { run } = await createTransferRun(conn, {
      actor: ACTOR,
      idempotencyKey: "redaction-1",
      request: { orderIds: ["3572001", "3572002"] },
      batchSize: 100,
      maxOrdersPerRun: 10,
      enqueue: async () => {},
    });
    const done = [
      { position: 1, outcome: "not_transferred" as const, reason: TEXT, reasonCode: null },
      { position: 2, outcome: "not_transferred" as const, reason: null, reasonCode: "no_reason" },
    ];
    expect((await settleBatch(conn, { runId: run.id, jobId: run.job_id!, done, inFlight: [], added: 0 })).held).toBe(true);
    const { items } = await listRunOrders(conn, run.id, { page: 1, limit: 10 });
    expect(items.map((o) => o.reason)).toEqual([expect.stringMatching(/^Anahtar reddedildi: \[redacted\] /), null]);
    expect(items[0]!.reason!.match(/\[redacted\]/g)).toHaveLength(FORMS.length);
    expect(leaks(items)).toEqual([]);
  });

  it("in an import's message and error detail, started or failed", async () => {
    const rows = [];
    for (const [kind, result] of [
      ["stock", { outcome: "started", message: TEXT }],
      ["prices", { outcome: "failed", message: TEXT, errorCode: "http_422", errorDetail: `start prices import: upstream error, HTTP 422, ${TEXT}`, mayHaveActed: false }],
    ] as const) {
      const begun = await beginImport(conn, { kind, actor: ACTOR, confirmRepeat: true, windowMinutes: 15 });
      if (!begun.ok) throw new Error("expected to begin");
      rows.push(await finishImport(conn, begun.run.id, result));
    }
    expect(rows.map((r) => [r.message?.includes("[redacted]"), r.error_detail?.includes("[redacted]") ?? null])).toEqual([
      [true, null],
      [true, true],
    ]);
    expect(leaks(rows)).toEqual([]);
  });
});
