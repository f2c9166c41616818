import { NextResponse } from "next/server";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

// No session and no upstream call: the framework's own cost, the floor `npm run bench` compares handlers against.
export function GET() {
  return NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
