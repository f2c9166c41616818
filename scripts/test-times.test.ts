import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { E2E_TIMES, UNIT_TIMES, e2eSpecTimes, e2eTimesFile, slowest, timesSummary, unitFileTimes } from "@/scripts/test-times";

const root = mkdtempSync(path.join(tmpdir(), "labs-times-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const unitReport = {
  testResults: [
    { name: path.join(root, "lib/a.test.ts"), startTime: 1_000, endTime: 4_500, assertionResults: [{}, {}] },
    { name: path.join(root, "lib/b.test.ts"), startTime: 1_000, endTime: 61_000, assertionResults: [{}] },
  ],
};

// Playwright's shape: a suite per file, describe blocks as nested suites, a result per run of each test.
const e2eReport = {
  suites: [
    {
      file: "screens.spec.ts",
      specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }],
      suites: [{ file: "screens.spec.ts", specs: [{ tests: [{ results: [{ duration: 30_000 }] }, { results: [{ duration: 8_000 }] }] }] }],
    },
    { file: "home.spec.ts", specs: [{ tests: [{ results: [{ duration: 5_500 }] }] }] },
  ],
};

describe("npm test's slowest files", () => {
  it("times each unit file from its start to its end, named from the repository", () => {
    expect(unitFileTimes(unitReport, root)).toEqual([
      { name: "lib/a.test.ts", seconds: 3.5, tests: 2 },
      { name: "lib/b.test.ts", seconds: 60, tests: 1 },
    ]);
  });

  it("adds up each spec's tests, describe blocks included", () => {
    expect(e2eSpecTimes(e2eReport)).toEqual([
      { name: "screens.spec.ts", seconds: 40, tests: 3 },
      { name: "home.spec.ts", seconds: 5.5, tests: 1 },
    ]);
  });

  it("lists the slowest first, as many as asked", () => {
    expect(slowest(e2eSpecTimes(e2eReport), 1)).toEqual(["   40.0 s  screens.spec.ts (3 tests)"]);
  });

  it("reads both reports under reports/, and says nothing of a report that is not there", () => {
    expect(timesSummary(root)).toEqual([]);
    mkdirSync(path.join(root, "reports"));
    writeFileSync(path.join(root, UNIT_TIMES), JSON.stringify(unitReport));
    expect(timesSummary(root, 1)).toEqual(["Slowest unit test files:", "   60.0 s  lib/b.test.ts (1 tests)"]);
    writeFileSync(path.join(root, E2E_TIMES), JSON.stringify(e2eReport));
    expect(timesSummary(root, 1)).toEqual([
      "Slowest unit test files:",
      "   60.0 s  lib/b.test.ts (1 tests)",
      "Slowest e2e specs (sum of their tests):",
      "   40.0 s  screens.spec.ts (3 tests)",
    ]);
  });

  it("merges the two stacks' e2e reports into one list", () => {
    writeFileSync(path.join(root, e2eTimesFile("b")), JSON.stringify({ suites: [{ file: "sso.spec.ts", specs: [{ tests: [{ results: [{ duration: 50_000 }] }] }] }] }));
    expect(timesSummary(root, 2).slice(3)).toEqual(["Slowest e2e specs (sum of their tests):", "   50.0 s  sso.spec.ts (1 tests)", "   40.0 s  screens.spec.ts (3 tests)"]);
  });
});
