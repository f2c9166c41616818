import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { E2E_STACK_B_SPECS } from "@/test/env";

const root = path.resolve(import.meta.dirname, "..");

interface ListedSuite {
  file?: string;
  specs?: { title: string; tests: { projectName: string }[] }[];
  suites?: ListedSuite[];
}

/** Every test Playwright would run for a stack, as "project file title" (the config read as `npm run test:e2e` reads it). */
function listed(stack: string): string[] {
  const out = execFileSync(path.join(root, "node_modules", ".bin", "playwright"), ["test", "--list", "--reporter=json"], { cwd: root, env: { ...process.env, E2E_STACK: stack }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const tests: string[] = [];
  const walk = (suite: ListedSuite, file: string, prefix: string) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) tests.push(`${t.projectName} ${file} ${prefix}${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, child.file ?? file, child.file ? "" : `${prefix}${(child as { title?: string }).title ?? ""} › `);
  };
  for (const suite of (JSON.parse(out) as { suites: ListedSuite[] }).suites) walk(suite, suite.file ?? "?", "");
  return tests;
}

describe("the two e2e stacks", () => {
  it("run every test of a lone run once between them, and stack b every spec it names", { timeout: 60_000 }, () => {
    const alone = listed(""), a = listed("a"), b = listed("b");
    const signIns = (tests: string[]) => tests.filter((t) => t.startsWith("setup "));
    expect(signIns(a)).toEqual(signIns(alone));
    expect(signIns(b)).toEqual(signIns(alone));
    const rest = (tests: string[]) => tests.filter((t) => !t.startsWith("setup "));
    expect([...rest(a), ...rest(b)].sort()).toEqual(rest(alone).sort());
    for (const spec of E2E_STACK_B_SPECS) expect(rest(b).filter((t) => t.includes(` ${path.basename(spec)} `)).length, spec).toBeGreaterThan(0);
    expect(rest(b).some((t) => t.startsWith("cluster "))).toBe(true);
  });
});
