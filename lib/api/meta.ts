import "server-only";
import { NextResponse } from "next/server";
import { endpoint } from "@/lib/api/endpoint";
import { getConfig } from "@/lib/config";
import { createHealthProbe } from "@/lib/health/probe";
import { upstream } from "@/lib/upstream";

// The signed-in floor `npm run bench` measures: the same session and role check as every route, and no upstream call.
export const pingSession = endpoint({ permission: "read" }, async () => NextResponse.json({ ok: true }));

// No session and no upstream call: the framework's own cost, the floor `npm run bench` compares handlers against.
export function ping(): Response {
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

const check = createHealthProbe(() => upstream().ping());

// Anonymous, so the upstream is asked at most once every few seconds (lib/health/probe.ts).
export async function health(): Promise<Response> {
  const { demoMode } = getConfig();
  const headers = { "Cache-Control": "no-store" };
  const mode = demoMode ? "demo" : "live";
  const snapshot = await check();
  if (snapshot.reachable) {
    return NextResponse.json({ status: "ok", mode, upstream: { reachable: true, latencyMs: snapshot.latencyMs } }, { headers });
  }
  const { reason, upstreamStatus } = snapshot;
  return NextResponse.json({ status: "degraded", mode, upstream: { reachable: false, reason, upstreamStatus } }, { status: 503, headers });
}
