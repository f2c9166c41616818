import type { Kysely } from "kysely";
import Papa from "papaparse";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { transferSheet } from "@/lib/erp/transfers/csv";
import { exportCsv } from "@/lib/export/csv";
import { beginImport, finishImport, latestImports, listImports } from "@/lib/erp/imports/store";
import { takeBatch } from "@/lib/erp/transfers/settling";
import { openTestDb } from "@/test/store";

const OPERATOR = { id: 2, email: "operator@demo.local", name: "Demo Operator" };
const ADMIN = { id: 1, email: "admin@demo.local", name: "Demo Admin" };
let conn: Kysely<Database>;

beforeEach(async () => {
  conn = await openTestDb();
});

afterEach(async () => {
  await conn.destroy();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));

describe("import attempts", () => {
  it("asks again when the same import was started within the window, naming who and when", async () => {
    const first = await beginImport(conn, { kind: "products", actor: OPERATOR, confirmRepeat: false, windowMinutes: 15, now: at(0) });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    await finishImport(conn, first.run.id, { outcome: "started", message: "Ürün içe aktarma işlemi başlatıldı" }, at(0));

    const again = await beginImport(conn, { kind: "products", actor: ADMIN, confirmRepeat: false, windowMinutes: 15, now: at(10) });
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.last).toMatchObject({ started_by_email: "operator@demo.local", started_at: at(0), outcome: "started" });

    // Another kind, or the same one after the window, or confirmed: no question.
    expect((await beginImport(conn, { kind: "prices", actor: ADMIN, confirmRepeat: false, windowMinutes: 15, now: at(10) })).ok).toBe(true);
    const confirmed = await beginImport(conn, { kind: "products", actor: ADMIN, confirmRepeat: true, windowMinutes: 15, now: at(11) });
    expect(confirmed.ok && confirmed.run.repeat_confirmed).toBe(true);
    expect((await beginImport(conn, { kind: "stock", actor: ADMIN, confirmRepeat: true, windowMinutes: 15, now: at(11) })).ok && true).toBe(true);
  });

  it("a call in flight counts as started (double click), a failure that did not act does not", async () => {
    const a = await beginImport(conn, { kind: "stock", actor: OPERATOR, confirmRepeat: false, windowMinutes: 15, now: at(0) });
    expect(a.ok).toBe(true);
    const b = await beginImport(conn, { kind: "stock", actor: OPERATOR, confirmRepeat: false, windowMinutes: 15, now: at(0) });
    expect(b.ok).toBe(false);
    if (!a.ok) return;
    await finishImport(conn, a.run.id, { outcome: "failed", message: "Geçersiz.", errorCode: "http_422", errorDetail: "refused", mayHaveActed: false }, at(1));
    expect((await beginImport(conn, { kind: "stock", actor: OPERATOR, confirmRepeat: false, windowMinutes: 15, now: at(2) })).ok).toBe(true);
  });

  it("a failure after which the upstream may have acted counts as started", async () => {
    const a = await beginImport(conn, { kind: "prices", actor: OPERATOR, confirmRepeat: false, windowMinutes: 15, now: at(0) });
    if (!a.ok) throw new Error("expected to begin");
    await finishImport(conn, a.run.id, { outcome: "failed", message: null, errorCode: "timeout", errorDetail: "no answer", mayHaveActed: true }, at(1));
    const again = await beginImport(conn, { kind: "prices", actor: ADMIN, confirmRepeat: false, windowMinutes: 15, now: at(5) });
    expect(again.ok).toBe(false);
  });

  it("lists attempts per kind, newest first, and the latest of each kind", async () => {
    for (const [i, kind] of (["products", "stock", "products"] as const).entries()) {
      const r = await beginImport(conn, { kind, actor: OPERATOR, confirmRepeat: true, windowMinutes: 15, now: at(i) });
      if (r.ok) await finishImport(conn, r.run.id, { outcome: "started", message: `m${i}` }, at(i));
    }
    const products = await listImports(conn, { kind: "products", page: 1, limit: 10 });
    expect(products.total).toBe(2);
    expect(products.items.map((r) => r.message)).toEqual(["m2", "m0"]);
    expect((await listImports(conn, { page: 1, limit: 10 })).total).toBe(3);
    const latest = await latestImports(conn);
    expect(latest.products?.message).toBe("m2");
    expect(latest.stock?.message).toBe("m1");
    expect(latest.prices).toBeNull();
  });
});

describe("transfer CSV", () => {
  it("has a BOM, CRLF lines and neutralises formulas in reasons", () => {
    const csv = exportCsv(transferSheet((r) => r.reason ?? ""), { locale: "en", timeZone: "UTC", now: new Date() }, [
      { position: 1, orderId: "0042", batch: 1, outcome: "not_transferred", reason: "=HYPERLINK(\"x\")", reasonCode: null, meaning: "rejected" },
      { position: 2, orderId: "3572000", batch: 1, outcome: "transferred", reason: null, reasonCode: null, meaning: "transferred", source: "trendyol", orderDate: "2026-11-20T09:30:00.000Z", packageId: "PKG-7" },
    ]);
    expect(csv.startsWith('\uFEFF"Position","Order ID","Batch","Outcome","Reason","Platform\'s reason","Reason code","Meaning","Channel","Order date","Package"\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1).trim()).data;
    expect(rows[1]).toEqual(["1", "0042", "1", "Not transferred", "'=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")", "", "Rejected", "", "", ""]);
    expect(rows[2]?.slice(0, 8)).toEqual(["2", "3572000", "1", "Transferred", "", "", "", "Transferred"]);
    expect([rows[2]?.[8], rows[2]?.[10]]).toEqual(["trendyol", "PKG-7"]);
    expect(rows[2]?.[9]).toMatch(/^2026-11-20 09:30/);
  });
});

describe("batches from the orders read ahead", () => {
  const order = (position: number, batchSize = 3) => ({ position, order_id: `id-${position}`, batch: Math.ceil(position / batchSize) });

  it("takes the first order's batch, only its consecutive positions, and leaves the rest", () => {
    // Batch 2 (4-6) lost position 4 (unknown after a takeover): its rest is one batch; batch 3 waits its turn.
    const ahead = [order(5), order(6), order(7), order(8), order(9), order(10)];
    expect(takeBatch(ahead, 3)).toEqual({ number: 2, rows: [{ position: 5, order_id: "id-5" }, { position: 6, order_id: "id-6" }] });
    expect(takeBatch(ahead, 3)?.rows.map((r) => r.position)).toEqual([7, 8, 9]);
    expect(takeBatch(ahead, 3)?.rows.map((r) => r.position)).toEqual([10]);
    expect(takeBatch(ahead, 3)).toBeNull();
  });
});
