import { NextResponse } from "next/server";
import { redactSecretsIn } from "@/lib/log";
import { problemBody, type ProblemBody, type ProblemCode } from "@/lib/rules/problems";
import { upstreamProblemBody } from "@/lib/server/to-problem";
import type { UpstreamError } from "@/lib/upstream/errors";

// RFC 9457 problem+json for every route handler: `code` for machines, `errors` (field -> messages) for validation.

export function problem(code: ProblemCode, detail?: string, extra?: Record<string, unknown>, headers?: HeadersInit): NextResponse {
  return problemResponse(problemBody(code, detail, extra), headers);
}

export function problemResponse(input: ProblemBody, headers?: HeadersInit): NextResponse {
  // Details and field messages may carry upstream words: no form of a secret leaves with them.
  const body = redactSecretsIn(input);
  const res = NextResponse.json(body, { status: body.status, headers });
  res.headers.set("Content-Type", "application/problem+json");
  res.headers.set("Cache-Control", "no-store");
  return res;
}

export function upstreamProblem(error: UpstreamError, requestId?: string): NextResponse {
  return problemResponse(upstreamProblemBody(error, requestId));
}
