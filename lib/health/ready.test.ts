import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleMigrations } from "@/lib/boot/features";
import { overall, platformCheck, readinessChecks, type ReadinessDeps } from "@/lib/health/ready";
import type { Store } from "@/lib/store/open";
import { openTestStore } from "@/test/store";

// Readiness on a real store: PostgreSQL answers, every migration of this build is applied, the job engine started and is not stopping.

let store: Store;
let closed: Store;

beforeAll(async () => {
  store = await openTestStore();
  closed = await openTestStore();
  await closed.close();
});

afterAll(() => store.close());

const deps = (over: Partial<ReadinessDeps> = {}): ReadinessDeps => ({
  conn: async () => store.db as Kysely<unknown>,
  migrations: Object.keys(consoleMigrations),
  jobsStarted: () => true,
  draining: () => false,
  ...over,
});
const statuses = (checks: Awaited<ReturnType<typeof readinessChecks>>) => Object.fromEntries(Object.entries(checks).map(([k, [c]]) => [k, c.status]));

describe("readiness", () => {
  it("passes on a migrated store with the job engine started", async () => {
    const checks = await readinessChecks(deps());
    expect(statuses(checks)).toEqual({ "postgresql:connection": "pass", "postgresql:migrations": "pass", "jobs:engine": "pass" });
    expect(overall(checks)).toBe("pass");
  });

  it("fails when a migration of this build is not applied, and names the first", async () => {
    const checks = await readinessChecks(deps({ migrations: [...Object.keys(consoleMigrations), "9999_from_a_newer_build"] }));
    expect(checks["postgresql:migrations"]![0]).toMatchObject({ status: "fail", observedValue: 1, output: "1 migrations not applied, from 9999_from_a_newer_build" });
    expect(overall(checks)).toBe("fail");
  });

  it("fails when PostgreSQL does not answer, or answers too late", async () => {
    const down = await readinessChecks(deps({ conn: async () => closed.db as Kysely<unknown> }));
    expect(statuses(down)).toMatchObject({ "postgresql:connection": "fail", "postgresql:migrations": "fail" });
    const hung = await readinessChecks(deps({ conn: () => new Promise<never>(() => undefined), timeoutMs: 50 }));
    expect(hung["postgresql:connection"]![0]).toMatchObject({ status: "fail", output: "PostgreSQL did not answer: no answer in 50 ms" });
  });

  it("fails before the job engine started and while the instance stops", async () => {
    expect(statuses(await readinessChecks(deps({ jobsStarted: () => false })))["jobs:engine"]).toBe("fail");
    expect((await readinessChecks(deps({ draining: () => true })))["jobs:engine"]![0]).toMatchObject({ status: "fail", output: expect.stringContaining("stopping") });
  });
});

describe("the platform's check", () => {
  it("fails when the platform does not answer, which makes the whole warn only where it is named external", () => {
    const down = { ...platformCheck({ reachable: false, reason: "http", upstreamStatus: 503 }) };
    expect(down["platform:reachable"]![0]).toMatchObject({ status: "fail", output: "the platform did not answer: http (HTTP 503)" });
    expect(overall(down, new Set(["platform:reachable"]))).toBe("warn");
    expect(overall(down)).toBe("fail");
    expect(platformCheck({ reachable: true, latencyMs: 12.4 })["platform:reachable"]![0]).toMatchObject({ status: "pass", observedValue: 12, observedUnit: "ms" });
  });
});
