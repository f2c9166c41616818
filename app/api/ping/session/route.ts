import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// The signed-in floor `npm run bench` measures: the same session and role check as every route, and no upstream call.
export const GET = withRoute("read", async () => NextResponse.json({ ok: true }));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
