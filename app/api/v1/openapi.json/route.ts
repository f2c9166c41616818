import { openApiDocument } from "@/lib/openapi/document";
import { otherMethods } from "@/lib/http/not-allowed";

// Built at the first request, not at build time: the transfer body's order cap is read from the running configuration.
export const dynamic = "force-dynamic";

let body: string | undefined;

// No key needed: the description holds no secret, and tools (code generators, API clients) fetch it before they have one.
export function GET(): Response {
  body ??= JSON.stringify(openApiDocument());
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
