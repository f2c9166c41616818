import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { repeatedKey } from "@/lib/http/json-keys";
import { englishText, issueCode, issuesFailed, validationFailed, validationMessage } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";

const MAX_BODY_BYTES = 1024 * 1024;

const givenTwice = (name: string) => validationFailed({ [name]: [{ code: "validation.repeated" }] }, { detail: `Give "${name}" once.` });

export async function parseBody<S extends z.ZodType>(req: NextRequest, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new DomainError("unsupported_media_type", "Send the body as application/json.");
  }
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw validationFailed({ _: [{ code: "validation.bodyTooLarge" }] }, { detail: "The body is too large." });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationFailed({ _: [{ code: "validation.jsonInvalid" }] }, { detail: "The body is not valid JSON." });
  }
  const repeated = repeatedKey(text);
  if (repeated !== null) throw givenTwice(repeated);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw issuesFailed(parsed.error.issues, "body");
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(req: NextRequest, schema: S): z.output<S> {
  // No prototype: "__proto__" and "constructor" must be refused as unknown parameters, not swallowed as accessors.
  const raw: Record<string, string> = Object.create(null);
  for (const [k, v] of req.nextUrl.searchParams) {
    if (k in raw) throw givenTwice(k);
    raw[k] = v;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw issuesFailed(parsed.error.issues, "query");
  return parsed.data;
}

export function parseHeader<S extends z.ZodType>(req: NextRequest, name: string, schema: S): z.output<S> {
  const given = req.headers.get(name);
  if (given !== null && given.trim() === "") {
    const code = { code: "validation.headerEmpty", params: { name } };
    throw validationFailed({ [name]: [code] }, { code: "bad_request", detail: englishText(code) });
  }
  const parsed = schema.safeParse(req.headers.get(name) ?? undefined);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw validationFailed({ [name]: [issueCode(issue)] }, { detail: validationMessage(issue), english: { [name]: [validationMessage(issue)] } });
}

export function parseParams<S extends z.ZodType>(params: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw issuesFailed(parsed.error.issues, "path");
  return parsed.data;
}

export function json(body: unknown, init?: ResponseInit): NextResponse {
  return NextResponse.json(body, init);
}
