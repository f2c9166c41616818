import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { transferRunList } from "@/lib/erp/schemas";
import { runFilterOf } from "@/lib/erp/transfers/filters";
import { listRuns } from "@/lib/erp/transfers/store";
import { openTestDb } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";

// Runs written as the runner leaves them; each filter must pick exactly the runs whose summary says the same.

let conn: Kysely<Database>;

beforeAll(async () => {
  conn = await openTestDb();
  // Istanbul is UTC+3: 2026-03-09T22:30Z is already 10 March there.
  await insertRun(conn, "complete", "completed", "new", "2026-03-09T22:30:00Z", { transferred: 3, already: 2 });
  await insertRun(conn, "already", "completed", "send_unsent", "2026-03-10T08:00:00Z", { already: 4 });
  await insertRun(conn, "rejections", "completed", "new", "2026-03-10T20:59:00Z", { transferred: 2, rejected: 1 }, "admin@demo.local");
  await insertRun(conn, "failed", "completed", "retry_failed", "2026-03-10T21:00:00Z", { transferred: 2, rejected: 1, failed: 1 });
  await insertRun(conn, "unknown", "completed", "resend_unknown", "2026-03-11T09:00:00Z", { unknown: 1, already: 1 });
  await insertRun(conn, "empty", "completed", "new", "2026-03-11T10:00:00Z", {});
  await insertRun(conn, "interrupted", "interrupted", "resend_rejected", "2026-03-12T09:00:00Z", { transferred: 1, pending: 5 });
  await insertRun(conn, "running", "running", "new", "2026-03-12T10:00:00Z", { transferred: 1, sending: 2, pending: 3 });
  await insertRun(conn, "queued", "queued", "retry_failed", "2026-03-12T11:00:00Z", { pending: 2 });
});

afterAll(async () => {
  await conn?.destroy();
});

async function names(query: string) {
  const state = transferRunList.load(query);
  const { items, total } = await listRuns(conn, { status: state.status, by: state.by, page: 1, limit: 100, ...runFilterOf(state, "Europe/Istanbul") });
  expect(total).toBe(items.length);
  return { names: items.map((r) => r.createdBy.name).sort(), results: items.map((r) => r.result) };
}

describe("the transfer run list's filters", () => {
  it("by result, picking exactly the runs whose summary reads that result", async () => {
    const expected = {
      complete: ["already", "complete"],
      complete_with_rejections: ["rejections"],
      needs_attention: ["empty", "failed", "unknown"],
      interrupted: ["interrupted"],
      running: ["queued", "running"],
    };
    for (const [result, want] of Object.entries(expected)) {
      const got = await names(`result=${result}`);
      expect(got.names, result).toEqual(want);
      expect(new Set(got.results), result).toEqual(new Set([result]));
    }
  });

  it("by origin: by hand is a new run, retry is every kind of follow-up run", async () => {
    expect((await names("origin=by_hand")).names).toEqual(["complete", "empty", "rejections", "running"]);
    expect((await names("origin=retry")).names).toEqual(["already", "failed", "interrupted", "queued", "unknown"]);
  });

  it("by date, whole days in the account's time zone, either end open", async () => {
    expect((await names("from=2026-03-10&to=2026-03-10")).names).toEqual(["already", "complete", "rejections"]);
    expect((await names("from=2026-03-11")).names).toEqual(["empty", "failed", "interrupted", "queued", "running", "unknown"]);
    expect((await names("to=2026-03-09")).names).toEqual([]);
    expect((await names("to=2026-03-11")).names).toEqual(["already", "complete", "empty", "failed", "rejections", "unknown"]);
  });

  it("by person, and all filters together", async () => {
    expect((await names("by=admin@demo.local")).names).toEqual(["rejections"]);
    expect((await names("result=needs_attention&origin=retry&from=2026-03-11&to=2026-03-11")).names).toEqual(["failed", "unknown"]);
    expect((await names("result=complete&by=admin@demo.local")).names).toEqual([]);
  });

  it("keeps the old status filter for bookmarks", async () => {
    expect((await names("status=with_failures")).names).toEqual(["failed", "rejections", "unknown"]);
    expect((await names("status=all_transferred")).names).toEqual(["already", "complete", "empty"]);
    expect((await names("status=running")).names).toEqual(["queued", "running"]);
  });
});

describe("the run list's query", () => {
  it("reads and writes the new filters in the URL, and refuses what it does not know", () => {
    const state = transferRunList.load("result=needs_attention&origin=retry&from=2026-03-01&to=2026-03-02&by=Admin@Demo.local");
    expect(state).toMatchObject({ result: "needs_attention", origin: "retry", from: "2026-03-01", to: "2026-03-02", by: "admin@demo.local" });
    expect(transferRunList.urlSearch(state)).toBe("?result=needs_attention&origin=retry&by=admin%40demo.local&from=2026-03-01&to=2026-03-02");
    for (const bad of ["result=with_failures", "origin=scheduled", "from=2026-02-30", "from=2026-03-02&to=2026-03-01", "to=yesterday"]) {
      expect(transferRunList.querySchema.safeParse(Object.fromEntries(new URLSearchParams(bad))).success, bad).toBe(false);
    }
    // A hand-edited URL with the dates swapped drops them rather than showing nothing.
    expect(transferRunList.load("from=2026-03-02&to=2026-03-01")).toMatchObject({ from: undefined, to: undefined });
  });
});
