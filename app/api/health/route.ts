import { NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { isUpstreamError, upstream } from "@/lib/upstream";

export const dynamic = "force-dynamic";

// GET /api/health: whether the upstream answers, without the token or the upstream's address.
export async function GET() {
  const { demoMode } = getConfig();
  const headers = { "Cache-Control": "no-store" };
  try {
    const { latencyMs } = await upstream().ping();
    return NextResponse.json({ status: "ok", mode: demoMode ? "demo" : "live", upstream: { reachable: true, latencyMs } }, { headers });
  } catch (error) {
    const reason = isUpstreamError(error) ? error.kind : "internal";
    const upstreamStatus = isUpstreamError(error) ? error.status : null;
    return NextResponse.json(
      { status: "degraded", mode: demoMode ? "demo" : "live", upstream: { reachable: false, reason, upstreamStatus } },
      { status: 503, headers },
    );
  }
}
