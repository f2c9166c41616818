import { NextResponse } from "next/server";

export const dynamic = "force-dynamic";

// GET /api/ping: `{ok:true}` with no session and no upstream call: the framework's own per-request
// cost, the floor the benchmark (`npm run bench`) compares the other route handlers against.
export function GET() {
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
