import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/db is the ground floor: the connection, the local server, the migration runner and the copy tools. The
// features build on it, so its code (its tests may use the console store) imports nothing of theirs.

const DIR = path.join(process.cwd(), "lib/db");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

function outsideImports(file: string): string[] {
  const text = readFileSync(path.join(DIR, file), "utf8");
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1]!)
    .filter((spec) => (spec.startsWith("@/") && !spec.startsWith("@/lib/db/")) || (spec.startsWith(".") && !path.resolve(DIR, spec).startsWith(`${DIR}${path.sep}`)));
}

describe("lib/db", () => {
  it("imports no feature: only its own modules, Node's and packages", () => {
    const sources = readdirSync(DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(3);
    const found = sources.flatMap((f) => outsideImports(f).map((spec) => `${f}: ${spec}`));
    expect(found).toEqual([]);
  });

  it("the scan sees every form of import", () => {
    const probe = 'import a from "@/lib/auth/members";\nimport "@/lib/jobs";\nconst b = await import("../erp/store");\nimport { c } from "@/lib/db/open";\nimport pg from "pg";';
    const specs = [...probe.matchAll(SPECIFIER)].map((m) => m[1]);
    expect(specs).toEqual(["@/lib/auth/members", "@/lib/jobs", "../erp/store", "@/lib/db/open", "pg"]);
  });
});
