import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { createHealthProbe } from "@/lib/health/probe";
import { upstream } from "@/lib/upstream";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

const check = createHealthProbe(() => upstream().ping());

// Anonymous, so the upstream is asked at most once every few seconds (lib/health/probe.ts).
export async function GET() {
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

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
