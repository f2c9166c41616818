import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { callRoute } from "@/test/in-process-console";
import { openTestDb } from "@/test/store";
import { insertRun } from "@/test/transfer-runs";

// The run list through its real route handler and store; only the session, the store's door and the config are stubbed.

const state = stubDoors({ member: { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const }, conn: undefined as unknown as Kysely<Database>, config: () => ({ accountTimeZone: "America/New_York", erp: { maxOrdersPerRun: 5 } }) });

const ids: Record<string, string> = {};

beforeAll(async () => {
  state.conn = await openTestDb();
  // New York is UTC-5 in January: 04:30Z on 2 January is still 1 January there.
  ids.rejections = await insertRun(state.conn, "rejections", "completed", "new", "2026-01-02T04:30:00Z", { transferred: 1, rejected: 2 });
  ids.failed = await insertRun(state.conn, "failed", "completed", "new", "2026-01-02T05:30:00Z", { transferred: 1, failed: 1 });
  ids.unknown = await insertRun(state.conn, "unknown", "completed", "retry_failed", "2026-01-03T12:00:00Z", { unknown: 1 });
  ids.interrupted = await insertRun(state.conn, "interrupted", "interrupted", "new", "2026-01-04T12:00:00Z", { transferred: 1, pending: 1 });
  ids.complete = await insertRun(state.conn, "complete", "completed", "new", "2026-01-05T12:00:00Z", { already: 2 });
});

afterAll(async () => {
  await state.conn?.destroy();
});

async function listed(query: string): Promise<string[]> {
  const res = await callRoute("GET", `/api/erp/transfers?${query}`);
  expect(res.status, query).toBe(200);
  const body = (await res.json()) as { items: { createdBy: { name: string } }[] };
  return body.items.map((r) => r.createdBy.name).sort();
}

describe("GET /api/erp/transfers", () => {
  it("reads the dates as days in the account's time zone", async () => {
    expect(await listed("to=2026-01-01")).toEqual(["rejections"]);
    expect(await listed("from=2026-01-02&to=2026-01-02")).toEqual(["failed"]);
    expect(await listed("result=needs_attention&origin=retry")).toEqual(["unknown"]);
  });

  it("refuses a bad filter with a problem naming the field", async () => {
    const res = await callRoute("GET", "/api/erp/transfers?result=with_failures&origin=scheduled");
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(["origin", "result"]);
    expect(body.errors.result).toEqual(["Use running, complete, complete_with_rejections, needs_attention or interrupted."]);
    const range = await callRoute("GET", "/api/erp/transfers?from=2026-01-05&to=2026-01-01");
    expect(range.status).toBe(422);
    expect((await range.json()).errors).toEqual({ to: ["The end date is before the start date."] });
  });
});

describe("the run list's \"Started by\"", () => {
  beforeAll(async () => {
    await insertRun(state.conn, "Ayşe Admin", "completed", "new", "2025-06-01T10:00:00Z", { transferred: 1 }, "admin@demo.local");
    await insertRun(state.conn, "key ERP sync, created by Ayşe Admin", "completed", "api", "2025-06-02T10:00:00Z", { transferred: 1 }, "key ERP sync, created by Ayşe Admin");
    await insertRun(state.conn, "Nightly", "completed", "automatic", "2025-06-03T10:00:00Z", { transferred: 1 }, "");
    await insertRun(state.conn, "", "completed", "automatic", "2025-06-04T10:00:00Z", { transferred: 1 }, "");
  });

  it("offers each person (by the latest name), API key and automatic start once, with no blank, and the filter takes every one it offers", async () => {
    const res = await callRoute("GET", "/api/erp/transfers");
    const { starters, people } = (await res.json()) as { starters: { by: string; kind: string; name: string }[]; people: string[] };
    expect(starters).toEqual([
      { by: "admin@demo.local", kind: "person", name: "Ayşe Admin" },
      { by: "operator@demo.local", kind: "person", name: "complete" },
      { by: "key:ERP sync", kind: "key", name: "ERP sync" },
      { by: "automatic", kind: "automatic", name: "" },
    ]);
    expect(people).toEqual(["admin@demo.local", "operator@demo.local"]);
    const found: Record<string, string[]> = {};
    for (const s of starters) found[s.by] = await listed(`by=${encodeURIComponent(s.by)}`);
    expect(found["admin@demo.local"]).toEqual(["Ayşe Admin"]);
    expect(found["key:ERP sync"]).toEqual(["key ERP sync, created by Ayşe Admin"]);
    expect(found.automatic).toEqual(["", "Nightly"]);
    expect(found["operator@demo.local"]).toHaveLength(5);
  });

  it("refuses anything else, naming the field and the forms it takes", async () => {
    for (const by of ["ERP sync", "key:", "schedule"]) {
      const res = await callRoute("GET", `/api/erp/transfers?by=${encodeURIComponent(by)}`);
      expect(res.status, by).toBe(422);
      expect((await res.json()).errors, by).toEqual({ by: ["Use a team member's e-mail address, key:name for an API key, or automatic."] });
    }
  });
});

describe("the run list's channel", () => {
  beforeAll(async () => {
    const order = (run: string, position: number, source: string | null) => ({ run_id: run, position, order_id: `9${position}0${run.slice(0, 4).replace(/\D/g, "")}`, batch: 1, outcome: "transferred" as const, source });
    await state.conn
      .insertInto("erp_transfer_orders")
      .values([order(ids.failed!, 1, "trendyol"), order(ids.complete!, 1, "web"), order(ids.complete!, 2, "trendyol"), order(ids.unknown!, 1, null)])
      .execute();
  });

  it("offers the channels the runs' orders carry, and keeps runs holding an order of the chosen one, whatever its case", async () => {
    const res = await callRoute("GET", "/api/erp/transfers");
    expect(((await res.json()) as { channels: string[] }).channels).toEqual(["trendyol", "web"]);
    expect(await listed("channel=trendyol")).toEqual(["complete", "failed"]);
    expect(await listed("channel=WEB")).toEqual(["complete"]);
    expect(await listed("channel=n11")).toEqual([]);
    expect(await listed("channel=trendyol&result=needs_attention")).toEqual(["failed"]);
  });

  it("refuses a malformed channel, naming the field", async () => {
    const res = await callRoute("GET", `/api/erp/transfers?channel=${"x".repeat(41)}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ channel: ["Use a sales channel's name, such as web or a marketplace: 1 to 40 letters, digits, spaces, dots or dashes."] });
  });
});

describe("the run list's channel as the document describes it", () => {
  it("takes every name the pattern allows, Turkish capitals too, and finds it whatever its case", async () => {
    await state.conn.insertInto("erp_transfer_orders").values({ run_id: ids.interrupted!, position: 7, order_id: "97001", batch: 1, outcome: "transferred", source: "İZMİR PAZAR".toLocaleLowerCase("en") }).execute();
    expect(await listed(`channel=${encodeURIComponent("İZMİR PAZAR")}`)).toEqual(["interrupted"]);
    expect((await callRoute("GET", `/api/erp/transfers?channel=${encodeURIComponent(`İ${"x".repeat(39)}`)}`)).status).toBe(200);
  });
});
