import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { CallRecorder } from "@/lib/health/calls";
import { flushMinutes } from "@/lib/health/store";
import { recordUpstreamCall } from "@/lib/health";
import { callRoute } from "@/test/in-process-console";
import { openTestDb } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";

// The home page's two charts through the real tile route and store; only the session, the store's door and the zone are stubbed.

const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };
let conn: Kysely<Database>;
const state = stubDoors({
  broken: false,
  get conn() {
    if (this.broken) throw new Error("store down");
    return conn;
  },
  member: VIEWER as typeof VIEWER | null,
  config: () => ({ accountTimeZone: "America/New_York" }),
});

beforeAll(async () => {
  conn = await openTestDb();
  const now = Date.now();
  await insertRun(state.conn, "today", "completed", "new", new Date(now - 60_000).toISOString(), { transferred: 2, rejected: 1, pending: 1 });
  const a = new CallRecorder();
  for (const ms of [10, 30, 50]) a.record({ operation: "list warehouses", status: 200, ms }, now - 5 * 60 * 60_000);
  a.record({ operation: "list warehouses", status: 503, ms: 5, error: "http" }, now - 5 * 60 * 60_000);
  await flushMinutes(state.conn, "another instance", a.takeDirty(), now);
});

afterAll(async () => {
  await state.conn?.destroy();
});

describe("GET /api/home/outcomes and /api/home/calls", () => {
  it("answers the fortnight in the account's zone, today last", async () => {
    const res = await callRoute("GET", "/api/home/outcomes");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { timeZone: string; days: { day: string; counts: Record<string, number> }[] };
    expect(body.timeZone).toBe("America/New_York");
    expect(body.days).toHaveLength(14);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(Date.now() - 60_000);
    expect(body.days.at(-1)).toEqual({ day: today, counts: { transferred: 2, already_in_erp: 0, rejected: 0, failed: 0, unknown: 0, not_sent: 0 } });
  });

  it("answers a day of half hours: another instance's flushed calls in theirs, this one's unflushed calls in the last", async () => {
    recordUpstreamCall({ operation: "list warehouses", status: 200, ms: 70 });
    const res = await callRoute("GET", "/api/home/calls");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { bucketMinutes: number; buckets: { calls: number; failures: number; medianMs: number | null; p95Ms: number | null }[] };
    expect(body.bucketMinutes).toBe(30);
    expect(body.buckets.length).toBeGreaterThanOrEqual(48);
    expect(body.buckets.filter((b) => b.calls > 0)).toEqual([
      expect.objectContaining({ calls: 4, failures: 1, medianMs: 30, p95Ms: 50 }),
      expect.objectContaining({ calls: 1, failures: 0, medianMs: 70, p95Ms: 70 }),
    ]);
    expect(body.buckets.at(-1)?.calls).toBe(1);
  });

  it("a store that fails is a problem document, never an empty chart; no session is refused", async () => {
    state.broken = true;
    try {
      for (const tile of ["calls", "outcomes"]) {
        const res = await callRoute("GET", `/api/home/${tile}`);
        expect(res.status, tile).toBeGreaterThanOrEqual(500);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
      }
    } finally {
      state.broken = false;
    }
    state.member = null;
    try {
      expect((await callRoute("GET", "/api/home/outcomes")).status).toBe(401);
    } finally {
      state.member = VIEWER;
    }
  });
});
