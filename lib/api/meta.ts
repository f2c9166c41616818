import "server-only";
import type { Kysely } from "kysely";
import { NextResponse, type NextRequest } from "next/server";
import { endpoint } from "@/lib/api/endpoint";
import { getConfig } from "@/lib/config";
import { createHealthProbe } from "@/lib/health/probe";
import { HEALTH_JSON, overall, platformCheck, readinessChecks } from "@/lib/health/ready";
import { consoleMigrations } from "@/lib/boot/features";
import { getOpenExceptionsByMeaning } from "@/lib/erp/service";
import { problem } from "@/lib/http/problem";
import { jobsStarted } from "@/lib/jobs";
import { log } from "@/lib/log";
import { drainingSignal } from "@/lib/jobs/shutdown";
import { BUILD, METRICS_CONTENT_TYPE, scrape, tokenMatches } from "@/lib/metrics";
import { queueSummary } from "@/lib/queue/service";
import { db } from "@/lib/store";
import { upstream } from "@/lib/upstream";

// The signed-in floor `npm run bench` measures: the same session and role check as every route, and no upstream call.
export const pingSession = endpoint({ permission: "read" }, async () => NextResponse.json({ ok: true }));

// No session and no upstream call: the framework's own cost, the floor `npm run bench` compares handlers against.
export function ping(): Response {
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

const check = createHealthProbe(() => upstream().ping());
const NO_STORE = { "Cache-Control": "no-store" };
const healthJson = (body: unknown, status = 200) => NextResponse.json(body, { status, headers: { ...NO_STORE, "Content-Type": HEALTH_JSON } });

const ready = () =>
  readinessChecks({ conn: db as () => Promise<Kysely<unknown>>, migrations: Object.keys(consoleMigrations), jobsStarted, draining: () => drainingSignal().aborted });

export function livez(): Response {
  return healthJson({ status: "pass" });
}

// GET /readyz: what a balancer asks; PostgreSQL, migrations and the job engine, never the platform.
export async function readyz(): Promise<Response> {
  const checks = await ready();
  const status = overall(checks);
  return healthJson({ status, checks }, status === "fail" ? 503 : 200);
}

// GET /api/health: the detailed view; anonymous, so the platform is asked at most once every few seconds (lib/health/probe.ts).
export async function health(): Promise<Response> {
  const [checks, snapshot] = await Promise.all([ready(), check()]);
  const all = { ...checks, ...platformCheck(snapshot) };
  const status = overall(all, new Set(["platform:reachable"]));
  const upstreamState = snapshot.reachable
    ? { reachable: true, latencyMs: snapshot.latencyMs }
    : { reachable: false, reason: snapshot.reason, upstreamStatus: snapshot.upstreamStatus };
  const body = { status, version: BUILD.version, releaseId: BUILD.commit, commit: BUILD.commit, mode: getConfig().demoMode ? "demo" : "live", upstream: upstreamState, checks: all };
  return healthJson(body, status === "fail" ? 503 : 200);
}

// GET /metrics: Prometheus text for a scraper holding METRICS_TOKEN; without the variable the address does not exist.
export async function metrics(req: NextRequest): Promise<Response> {
  const token = getConfig().metricsToken;
  if (!token) return problem("not_found", "There is nothing at this address.");
  const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
  if (!tokenMatches(given, token)) return problem("unauthenticated", "The metrics token is missing or wrong.", undefined, { "WWW-Authenticate": 'Bearer realm="metrics"' });
  let text: string;
  try {
    text = await scrape(async () => {
      const [queue, failuresOpen] = await Promise.all([queueSummary(await db()), getOpenExceptionsByMeaning()]);
      return { queue, failuresOpen };
    });
  } catch (error) {
    log.warn("metrics scrape failed", { event: "metrics.scrape_failed", error: String(error) });
    return problem("internal", "The figures read from the database could not be read; the scrape fails rather than report stale values.");
  }
  return new Response(text, { headers: { ...NO_STORE, "Content-Type": METRICS_CONTENT_TYPE } });
}
