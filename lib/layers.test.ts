import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Features throw domain errors and the HTTP layer answers them: no module under lib/<feature> reaches up into lib/http.

// lib/openapi describes the HTTP layer's /api/v1 routes (it names their handlers), so it sits with that layer.
const HTTP_LAYER = /^lib\/(http|api|openapi)\//;
const IMPORTS_HTTP = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)["'](?:@\/lib\/http|(?:\.\.\/)+http)(?:\/[^"']*)?["']/;

function httpImporters(files: string[], read: (file: string) => string): string[] {
  return files.filter((f) => !HTTP_LAYER.test(f) && IMPORTS_HTTP.test(read(f)));
}

describe("layers", () => {
  const files = globSync("lib/*/**/*.{ts,tsx}").map((f) => f.split("\\").join("/"));

  it("no module under lib/<feature> imports lib/http", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(httpImporters(files, (f) => readFileSync(f, "utf8"))).toEqual([]);
  });

  it("sees every form of such an import, and only those", () => {
    const sources: Record<string, string> = {
      "lib/a/static.ts": 'import { parseBody } from "@/lib/http/route";',
      "lib/a/type.ts": "import type { RouteContext } from '@/lib/http/route';",
      "lib/a/dynamic.ts": 'const m = await import("@/lib/http/problem");',
      "lib/a/relative.ts": 'export { problem } from "../http/problem";',
      "lib/a/index.ts": 'import * as http from "@/lib/http";',
      "lib/a/fine.ts": 'import { clientIp } from "@/lib/server/client-address"; // "@/lib/httpx" is not it',
      "lib/http/route.ts": 'import { problem } from "@/lib/http/problem";',
    };
    expect(httpImporters(Object.keys(sources), (f) => sources[f]!)).toEqual(["lib/a/static.ts", "lib/a/type.ts", "lib/a/dynamic.ts", "lib/a/relative.ts", "lib/a/index.ts"]);
  });
});
