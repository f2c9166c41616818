import { stubDoors } from "@/test/route-mocks";
import { createServer, type AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";
import type { Database } from "@/lib/store/schema";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";

// The one row of the upstream fault matrix the shared e2e emulator cannot produce: a refused
// connection (nothing listens on the upstream's port). Each kind of call goes through its real
// route handler, wrapper and store; only the session, the store's door and the config are stubbed.
// The console answers 502 upstream_unreachable and says the upstream did not act; a transfer
// records its order as not transferred ("nothing was sent"), never as unknown.

const state = stubDoors({
  member: { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const },
  store: undefined as unknown as Store,
  conn: undefined as unknown as Kysely<Database>,
  client: undefined as unknown as UpstreamClient,
  config: () => ({
    upstreamUrl: "http://127.0.0.1:1",
    upstreamToken: "refused-test-token",
    warehouseIndexTtlMs: 1000,
    erp: { batchSize: 100, maxOrdersPerRun: 100, importRepeatWindowMinutes: 15 },
    jobs: { heartbeatSeconds: 10, superviseSeconds: 10 },
  }),
  locale: "en" as const,
});

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  // A port that was free a moment ago: connecting to it is refused.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  state.client = createUpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, token: "refused-test-token", timeoutMs: 2000, retryDelayMs: 1 });
});

afterAll(async () => {
  // The transfer ran on the job engine, which holds connections to the store.
  await (await import("@/lib/jobs")).stopJobs();
  await state.store.close();
});

async function expectUnreachable(res: Response) {
  expect(res.status).toBe(502);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = await res.json();
  expect(body).toMatchObject({ code: "upstream_unreachable", mayHaveActed: false });
  expect(JSON.stringify(body)).not.toContain("refused-test-token");
}

describe("a refused connection", () => {
  it("list and view answer 502 upstream_unreachable", async () => {
    await expectUnreachable(await callRoute("GET", "/api/warehouses?page=1&limit=25"));
    await expectUnreachable(await callRoute("GET", "/api/warehouses/2"));
  });

  it("create answers 502 upstream_unreachable, saying nothing was done", async () => {
    await expectUnreachable(await callRoute("POST", "/api/warehouses", { name: "Refused", code: "REFUSED1" }));
  });

  it("update and delete answer 502 upstream_unreachable (their first read is refused already)", async () => {
    await expectUnreachable(await callRoute("PUT", "/api/warehouses/2", { name: "X" }));
    await expectUnreachable(await callRoute("DELETE", "/api/warehouses/2"));
  });

  it("an import answers 502 upstream_unreachable and is recorded as failed, not acted on", async () => {
    await expectUnreachable(await callRoute("POST", "/api/erp/imports", { kind: "stock" }));
    const run = await state.conn.selectFrom("erp_import_runs").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(run).toMatchObject({ kind: "stock", outcome: "failed", error_code: "network", may_have_acted: false });
  });

  it("a transfer records its orders as not transferred: nothing was sent", { timeout: 45_000 }, async () => {
    const res = await callRoute("POST", "/api/erp/transfers", { orderIds: ["3572000"] }, { "idempotency-key": "refused-key-0001" });
    expect(res.status).toBe(201);
    const runId = (await res.json()).run.id as string;
    let body: { run: { state: string }; orders: { items: { outcome: string; reasonCode: string }[] } } | undefined;
    for (const until = Date.now() + 30_000; Date.now() < until && body?.run.state !== "completed"; ) {
      await new Promise((r) => setTimeout(r, 25));
      body = await (await callRoute("GET", `/api/erp/transfers/${runId}`)).json();
    }
    expect(body?.run.state).toBe("completed");
    expect(body?.orders.items).toMatchObject([{ outcome: "not_transferred", reasonCode: "unreachable" }]);
  });
});
