import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, E2E_METRICS_TOKEN, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { sample } from "@/test/metrics-text";

// The probes and /metrics as a balancer and a Prometheus scraper see them: no session, over HTTP, on the built console.

test.use({ storageState: { cookies: [], origins: [] } });

const scrape = async (request: APIRequestContext) => {
  const res = await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  return res.text();
};

test.describe("probes while the platform is unreachable", () => {
  test.afterEach(async () => {
    await emulator.clearFaults();
  });

  test("/livez and /readyz answer 200 without a session, and /api/health names the platform's failing check", async ({ request }) => {
    await emulator.addFault({ path: "/v1", kind: "drop" });
    // The probe's answer is reused for 5 s (lib/health/probe.ts).
    await expect.poll(async () => (await (await request.get("/api/health")).json()).checks["platform:reachable"][0].status, { timeout: 15_000 }).toBe("fail");
    for (const path of ["/livez", "/readyz"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toBe("application/health+json");
    }
    const health = await request.get("/api/health");
    const body = await health.json();
    expect(health.status()).toBe(200);
    expect(body).toMatchObject({ status: "warn", checks: { "postgresql:connection": [{ status: "pass" }], "jobs:engine": [{ status: "pass" }] } });
    expect(body.checks["platform:reachable"][0].output).toContain("the platform did not answer");
    expect(JSON.stringify(body)).not.toContain(E2E_UPSTREAM_TOKEN);
  });
});

test.describe("metrics", () => {
  test("refused without the token; after a transfer the counters grew by exactly the run's counts", async ({ request, playwright }) => {
    expect((await request.get("/metrics", { maxRedirects: 0 })).status()).toBe(401);
    expect((await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}x` } })).status()).toBe(401);
    const scraped = await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(scraped.headers()["content-type"]).toMatch(/^text\/plain/);

    const MEANINGS = ["transferred", "already_in_erp", "rejected", "failed", "unknown", "not_sent"];
    const counts = (text: string) => ({
      runs: sample(text, "labs_console_transfer_runs_total", { result: "complete_with_rejections", origin: "new" }),
      orders: MEANINGS.map((meaning) => sample(text, "labs_console_transfer_orders_total", { meaning, origin: "new" })),
      calls: sample(text, "labs_console_upstream_request_duration_seconds_count", { operation: "transfer orders", outcome: "ok" }),
    });
    const before = counts(await scrape(request));
    const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
    try {
      // One order the platform knows, two it does not: one transferred, two rejected.
      const stamp = String(Date.now()).slice(-9);
      const [known] = await emulatorOrders.pending(1);
      const started = await admin.post("/api/erp/transfers", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { orderIds: [known!, `7${stamp}1`, `7${stamp}2`] } });
      expect(started.status(), await started.text()).toBe(201);
      const runId = (await started.json()).run.id as string;
      await expect.poll(async () => (await (await admin.get(`/api/erp/transfers/${runId}`)).json()).run.state, { timeout: 30_000 }).toBe("completed");
      const { run } = await (await admin.get(`/api/erp/transfers/${runId}`)).json();
      expect(run.result).toBe("complete_with_rejections");
      // Counted as the run ends, just after its row says so.
      await expect.poll(async () => counts(await scrape(request)).runs - before.runs, { timeout: 10_000 }).toBe(1);
      const after = counts(await scrape(request));
      const m = run.meanings;
      expect(after.orders.map((n, i) => n - before.orders[i]!)).toEqual([m.transferred, m.alreadyInErp, m.rejected, m.failed, m.unknown, m.notSent + m.sending]);
      expect(m).toMatchObject({ transferred: 1, rejected: 2 });
      expect(after.calls - before.calls).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.dispose();
    }
  });
});
