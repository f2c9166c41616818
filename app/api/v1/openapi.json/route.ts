import { openApiDocument } from "@/lib/openapi/document";

let body: string | undefined;

// No key needed: the description holds no secret, and tools (code generators, API clients) fetch it before they have one.
export function GET(): Response {
  body ??= JSON.stringify(openApiDocument());
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
}
