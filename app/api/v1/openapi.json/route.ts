import { openApiDocument } from "@/lib/openapi/document";

// No key needed: the description holds no secret, and tools (code generators, API clients) fetch it before they have one.
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
