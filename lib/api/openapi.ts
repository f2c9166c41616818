import "server-only";
import { openApiDocument } from "@/lib/openapi/document";

let description: string | undefined;

// No key needed: the description holds no secret, and tools (code generators, API clients) fetch it before they have one.
export function openApi(): Response {
  description ??= JSON.stringify(openApiDocument());
  return new Response(description, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
}
