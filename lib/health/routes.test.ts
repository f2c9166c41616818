import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseServerEnv } from "@/lib/config/env";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import type { UpstreamClient } from "@/lib/upstream/client";
import { addToQueue } from "@/lib/queue/store";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { openTestStore } from "@/test/store";

// The probes and /metrics in-process on a real store and the emulator over HTTP; only the store's door, the config and the client's door are stubbed.

const TOKEN = "health-routes-upstream-token-7f3a";
const METRICS_TOKEN = "metrics-routes-token-0a1b2c3d4e";
const ENV = { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: TOKEN, AUTH_SECRET: "health-routes-auth-secret-0123456789", LABS_DEMO_MODE: "1", JOBS_SUPERVISE_SECONDS: "1" };
const state = stubDoors({
  member: null,
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  client: undefined as unknown as UpstreamClient,
  config: () => parseServerEnv({ ...ENV, METRICS_TOKEN: metricsToken }),
});
let metricsToken: string | undefined = METRICS_TOKEN;
let emulator: LiveEmulator;

const jobs = await import("@/lib/jobs");
const routes = { livez: await import("@/app/livez/route"), readyz: await import("@/app/readyz/route"), health: await import("@/app/api/health/route"), metrics: await import("@/app/metrics/route") };
const get = (name: keyof typeof routes, headers: Record<string, string> = {}) =>
  routes[name].GET(new NextRequest(`http://console.test/${name}`, { headers }), { params: Promise.resolve({}) });

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "health-routes");
  state.client = emulator.client;
  state.store = await openTestStore();
  state.conn = state.store.db;
});

afterAll(async () => {
  await jobs.stopJobs();
  await state.store.close();
  await emulator.close();
});

describe("probes", () => {
  it("/livez answers without asking anything; /readyz waits for the job engine", async () => {
    const live = await get("livez");
    expect([live.status, live.headers.get("content-type"), await live.json()]).toEqual([200, "application/health+json", { status: "pass" }]);
    const before = await get("readyz");
    expect(before.status).toBe(503);
    expect((await before.json()).checks["jobs:engine"][0]).toMatchObject({ status: "fail" });
    await jobs.jobs();
    const after = await get("readyz");
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: "pass", checks: { "postgresql:connection": [{ status: "pass" }], "postgresql:migrations": [{ status: "pass" }] } });
  });

  it("with the platform down /readyz stays 200 and /api/health warns, naming the platform's check; with it back, pass", async () => {
    await jobs.jobs();
    await emulator.control("POST", "/faults", { method: "GET", path: "/v1/stores", kind: "respond", status: 503 });
    try {
      // The probe's answer is reused for 5 s (lib/health/probe.ts): an earlier test's may still show.
      await vi.waitFor(async () => expect((await (await get("health")).json()).status).toBe("warn"), { timeout: 8000, interval: 250 });
      expect((await get("readyz")).status).toBe(200);
      const down = await get("health");
      const body = await down.json();
      expect(down.status).toBe(200);
      expect(down.headers.get("content-type")).toBe("application/health+json");
      expect(body.checks["platform:reachable"][0]).toMatchObject({ status: "fail", output: "the platform did not answer: http (HTTP 503)" });
      expect(body.checks["postgresql:connection"][0].status).toBe("pass");
      expect(body).toMatchObject({ mode: "demo", upstream: { reachable: false, reason: "http", upstreamStatus: 503 }, version: expect.any(String), releaseId: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain(TOKEN);
    } finally {
      await emulator.control("DELETE", "/faults");
    }
    await vi.waitFor(async () => expect((await (await get("health")).json()).status).toBe("pass"), { timeout: 8000, interval: 250 });
  });
});

describe("/metrics", () => {
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

  it("does not exist without METRICS_TOKEN, and refuses a missing or wrong token", async () => {
    metricsToken = undefined;
    expect((await get("metrics", bearer(METRICS_TOKEN))).status).toBe(404);
    metricsToken = METRICS_TOKEN;
    expect((await get("metrics")).status).toBe(401);
    const wrong = await get("metrics", bearer(`${METRICS_TOKEN}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await wrong.text()).not.toContain(METRICS_TOKEN);
  });

  it("answers Prometheus text with the build, the process and the gauges read from the shared database", async () => {
    const queuedAt = new Date(Date.now() - 90_000);
    await addToQueue(state.conn, ["8800001", "8800002"], { email: "operator@demo.local", name: "Onur Operator", origin: "api" }, queuedAt);
    const res = await get("metrics", bearer(METRICS_TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^labs_console_build_info\{version="[^"]+",commit="[^"]+"\} 1$/m);
    expect(text).toMatch(/^labs_console_order_queue_orders 2$/m);
    const age = Number(/^labs_console_order_queue_oldest_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(300);
    for (const meaning of ["failed", "unknown", "not_sent", "rejected"]) expect(text).toContain(`labs_console_failures_open{meaning="${meaning}"} 0`);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).not.toContain(METRICS_TOKEN);
  });

  it("fails the scrape when the database does not answer, rather than report stale gauges", async () => {
    const closed = await openTestStore();
    await closed.close();
    state.conn = closed.db;
    try {
      const res = await get("metrics", bearer(METRICS_TOKEN));
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain("labs_console_order_queue_orders");
    } finally {
      state.conn = state.store.db;
    }
  });
});
