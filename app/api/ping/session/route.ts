import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The signed-in floor `npm run bench` measures: the same session and role check as every route, and no upstream call.
export const GET = withRoute("read", async () => NextResponse.json({ ok: true }));
