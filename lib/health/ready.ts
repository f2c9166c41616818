import { sql, type Kysely } from "kysely";
import type { HealthSnapshot } from "@/lib/health/probe";

// The probes' checks in the shape of draft-inadvisable-health-check (application/health+json); no "server-only", so tests run them on a real store.

export const HEALTH_JSON = "application/health+json";
export type CheckStatus = "pass" | "warn" | "fail";

export interface ComponentCheck {
  componentType: "datastore" | "component" | "system";
  status: CheckStatus;
  time: string;
  observedValue?: number;
  observedUnit?: string;
  output?: string;
}

export type Checks = Record<string, [ComponentCheck]>;

export interface ReadinessDeps {
  conn: () => Promise<Kysely<unknown>>;
  migrations: readonly string[];
  jobsStarted: () => boolean;
  draining: () => boolean;
  timeoutMs?: number;
  now?: () => Date;
}

const STORE_TIMEOUT_MS = 2000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function readinessChecks(deps: ReadinessDeps): Promise<Checks> {
  const time = (deps.now ?? (() => new Date()))().toISOString();
  const check = (componentType: ComponentCheck["componentType"], status: CheckStatus, extra: Partial<ComponentCheck> = {}): [ComponentCheck] => [{ componentType, status, time, ...extra }];
  let connection: [ComponentCheck];
  let migrations: [ComponentCheck];
  try {
    const started = performance.now();
    const applied = await within(
      deps.timeoutMs ?? STORE_TIMEOUT_MS,
      (async () => sql<{ name: string }>`select name from kysely_migration`.execute(await deps.conn()))(),
    );
    connection = check("datastore", "pass", { observedValue: Math.round(performance.now() - started), observedUnit: "ms" });
    const have = new Set(applied.rows.map((r) => r.name));
    const missing = deps.migrations.filter((name) => !have.has(name));
    migrations = missing.length
      ? check("datastore", "fail", { observedValue: missing.length, output: `${missing.length} migrations not applied, from ${missing[0]}` })
      : check("datastore", "pass", { observedValue: deps.migrations.length });
  } catch (error) {
    const output = `PostgreSQL did not answer: ${error instanceof Error ? error.message : String(error)}`;
    connection = check("datastore", "fail", { output });
    migrations = check("datastore", "fail", { output: "not read: PostgreSQL did not answer" });
  }
  const draining = deps.draining();
  const jobs = draining
    ? check("component", "fail", { output: "stopping: the instance finishes its work and takes no more" })
    : check("component", deps.jobsStarted() ? "pass" : "fail", deps.jobsStarted() ? {} : { output: "the job engine has not started" });
  return { "postgresql:connection": connection, "postgresql:migrations": migrations, "jobs:engine": jobs };
}

export function platformCheck(snapshot: HealthSnapshot, now = new Date()): Checks {
  const time = now.toISOString();
  if (snapshot.reachable) return { "platform:reachable": [{ componentType: "system", status: "pass", time, observedValue: Math.round(snapshot.latencyMs), observedUnit: "ms" }] };
  const status = snapshot.upstreamStatus === null ? "" : ` (HTTP ${snapshot.upstreamStatus})`;
  return { "platform:reachable": [{ componentType: "system", status: "fail", time, output: `the platform did not answer: ${snapshot.reason}${status}` }] };
}

export function overall(checks: Checks, external: ReadonlySet<string> = new Set()): CheckStatus {
  let status: CheckStatus = "pass";
  for (const [name, [c]] of Object.entries(checks)) {
    const weight = c.status === "fail" && external.has(name) ? "warn" : c.status;
    if (weight === "fail") return "fail";
    if (weight === "warn") status = "warn";
  }
  return status;
}
