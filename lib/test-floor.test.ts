import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Test support lives in test/ (shared by unit and e2e tests), e2e/ holds the browser specs, lib/ holds production code only.

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"']+)["']/g;
const TEST_FILE = /(^test\/|^e2e\/|\.(test|spec)\.tsx?$|^[^/]+\.config\.ts$)/;
const PRODUCTION = /^(app|components|lib|emulator)\/|^(proxy|instrumentation)\.ts$/;

function resolve(from: string, spec: string, files: Set<string>): string | null {
  const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)) : null;
  if (base === null) return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => files.has(c)) ?? base;
}

function importsOf(sources: Record<string, string>): Map<string, string[]> {
  const files = new Set(Object.keys(sources));
  return new Map(Object.entries(sources).map(([file, text]) => [file, [...text.matchAll(IMPORT)].flatMap((m) => resolve(file, m[1]!, files) ?? [])]));
}

/** lib/ modules that only tests, test/ or e2e/ import (directly or through other such modules). */
export function testOnlyModules(sources: Record<string, string>): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, targets] of importsOf(sources)) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), file]);
  const testOnly = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of Object.keys(sources)) {
      if (!file.startsWith("lib/") || TEST_FILE.test(file) || testOnly.has(file)) continue;
      const by = importers.get(file) ?? [];
      if (by.length > 0 && by.every((i) => TEST_FILE.test(i) || testOnly.has(i))) {
        testOnly.add(file);
        grew = true;
      }
    }
  }
  return [...testOnly].sort();
}

/** "file -> target" for production code importing test/ or e2e/, and for lib/ or test/ importing e2e/. */
export function crossings(sources: Record<string, string>): string[] {
  return [...importsOf(sources)].flatMap(([file, targets]) =>
    targets
      .filter((t) => (PRODUCTION.test(file) && !TEST_FILE.test(file) && /^(test|e2e)\//.test(t)) || (/^(lib|test)\//.test(file) && t.startsWith("e2e/")))
      .map((t) => `${file} -> ${t}`),
  );
}

describe("test floor", () => {
  const repo = Object.fromEntries(
    globSync("{app,components,lib,emulator,scripts,test,e2e,bench}/**/*.{ts,tsx}")
      .concat(globSync("*.ts"))
      .map((f) => f.split("\\").join("/"))
      .filter((f) => f !== "lib/test-floor.test.ts")
      .map((f) => [f, readFileSync(f, "utf8")]),
  );

  it("lib/ holds no test support and nothing in it reaches into e2e/; production code imports no test support", () => {
    expect(Object.keys(repo).length).toBeGreaterThan(500);
    expect(globSync("lib/**/testing/**")).toEqual([]);
    expect(testOnlyModules(repo)).toEqual([]);
    expect(crossings(repo)).toEqual([]);
  });

  it("sees a lib module only tests use, and every crossing, in each form of import", () => {
    const sources: Record<string, string> = {
      "app/page.tsx": 'import { a } from "@/lib/a/used";',
      "lib/a/used.ts": 'export { helper } from "./helper";',
      "lib/a/helper.ts": "export const helper = 1;",
      "lib/a/fixture.ts": 'import { c } from "../a/deep-fixture";',
      "lib/a/deep-fixture.ts": "export const c = 1;",
      "lib/a/x.test.ts": 'import { f } from "@/lib/a/fixture"; import { n } from "@/e2e/x";',
      "e2e/x.spec.ts": 'const m = await import("@/lib/a/only-e2e");',
      "lib/a/only-e2e.ts": "export const d = 1;",
      "test/support.ts": 'import { x } from "@/lib/a/only-support"; import type { E } from "@/e2e/x";',
      "lib/a/only-support.ts": "export const x = 1;",
      "lib/a/prod.ts": 'import { s } from "@/test/support";',
      "components/b.tsx": 'import "../test/support";',
      "scripts/bench.ts": 'import { s } from "@/test/support"; import { used } from "@/lib/a/used";',
      "vitest.config.ts": 'import "@/lib/a/config-only";',
      "lib/a/config-only.ts": "",
      "lib/a/unused.ts": "",
    };
    expect(testOnlyModules(sources)).toEqual(["lib/a/config-only.ts", "lib/a/deep-fixture.ts", "lib/a/fixture.ts", "lib/a/only-e2e.ts", "lib/a/only-support.ts"]);
    expect(crossings(sources)).toEqual(["lib/a/x.test.ts -> e2e/x", "test/support.ts -> e2e/x", "lib/a/prod.ts -> test/support.ts", "components/b.tsx -> test/support.ts"]);
  });
});
