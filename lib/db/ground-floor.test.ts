import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The ground floors import no feature: lib/db (connection, local server, migration runner, copy tools), lib/store (the
// pool; lib/boot/features.ts composes migrations, seed and jobs on top), lib/config, lib/upstream, lib/trace and lib/audit (the trail's writer). Each may use
// only the floors listed (their tests may use more). The one exception: the store's schema composes the features'
// row types, type-only, from each feature's own tables file.

const FLOORS: Record<string, string[]> = {
  "lib/db": [],
  "lib/store": ["lib/db", "lib/config"],
  "lib/config": ["lib/rules"],
  "lib/upstream": ["lib/config", "lib/log", "lib/rules", "lib/trace"],
  "lib/trace": ["lib/log", "lib/rules"],
  "lib/audit": ["lib/store", "lib/log", "lib/rules", "lib/db"],
};
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
const ROW_TYPES = /^import type \{[^}]*\} from "@\/lib\/[a-z-]+\/(?:[a-z-]+[\/-])?tables";$|^import type \{[^}]*\} from "@\/lib\/auth\/roles";$|^export type \{[^}]*\} from "@\/lib\/(?:[a-z-]+\/(?:[a-z-]+[\/-])?tables|auth\/roles)";$/gm;

function outsideImports(floor: string, file: string): string[] {
  const dir = path.join(process.cwd(), floor);
  let text = readFileSync(path.join(dir, file), "utf8");
  if (floor === "lib/store" && file === "schema.ts") text = text.replace(ROW_TYPES, "");
  const allowed = [floor, ...FLOORS[floor]!].map((f) => `@/${f}`);
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1]!)
    .filter(
      (spec) =>
        (spec.startsWith("@/") && !allowed.some((a) => spec === a || spec.startsWith(`${a}/`))) ||
        (spec.startsWith(".") && !path.resolve(dir, spec).startsWith(`${dir}${path.sep}`)),
    );
}

describe.each(Object.keys(FLOORS))("%s", (floor) => {
  it(`imports no feature: only ${["itself", ...FLOORS[floor]!].join(", ")}, Node's and packages`, () => {
    const sources = readdirSync(path.join(process.cwd(), floor)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(1);
    const found = sources.flatMap((f) => outsideImports(floor, f).map((spec) => `${floor}/${f}: ${spec}`));
    expect(found).toEqual([]);
  });
});

it("the scan sees every form of import", () => {
  const probe = 'import a from "@/lib/auth/members";\nimport "@/lib/jobs";\nconst b = await import("../erp/store");\nimport { c } from "@/lib/db/open";\nimport pg from "pg";';
  const specs = [...probe.matchAll(SPECIFIER)].map((m) => m[1]);
  expect(specs).toEqual(["@/lib/auth/members", "@/lib/jobs", "../erp/store", "@/lib/db/open", "pg"]);
});
