// `npm test`'s closing lines: the slowest unit files and e2e specs, read from the runners' JSON reports under reports/.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const UNIT_TIMES = "reports/unit-times.json";
export const E2E_TIMES = "reports/e2e-times.json";
export const e2eTimesFile = (stack: string) => (stack === "b" ? "reports/e2e-times-b.json" : E2E_TIMES);
export const E2E_REPORTS = [E2E_TIMES, e2eTimesFile("b")];

export interface Timed {
  name: string;
  seconds: number;
  tests: number;
}

interface VitestFile {
  name: string;
  startTime?: number;
  endTime?: number;
  assertionResults?: unknown[];
}

export function unitFileTimes(report: { testResults?: VitestFile[] }, root: string): Timed[] {
  return (report.testResults ?? []).map((f) => ({
    name: path.relative(root, f.name),
    seconds: Math.max(0, ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000),
    tests: f.assertionResults?.length ?? 0,
  }));
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

export function e2eSpecTimes(report: { suites?: PlaywrightSuite[] }): Timed[] {
  const bySpec = new Map<string, Timed>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = bySpec.get(file) ?? { name: file, seconds: 0, tests: 0 };
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
        bySpec.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? "?");
  return [...bySpec.values()];
}

export function slowest(times: Timed[], count: number): string[] {
  return [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.name} (${t.tests} tests)`);
}

function readJson(file: string): unknown {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
  } catch {
    return undefined;
  }
}

export function timesSummary(root: string, count = 8): string[] {
  const lines: string[] = [];
  const unit = readJson(path.join(root, UNIT_TIMES)) as Parameters<typeof unitFileTimes>[0] | undefined;
  if (unit) lines.push("Slowest unit test files:", ...slowest(unitFileTimes(unit, root), count));
  const e2e = E2E_REPORTS.map((file) => readJson(path.join(root, file)) as Parameters<typeof e2eSpecTimes>[0] | undefined).filter((r) => r !== undefined);
  if (e2e.length > 0) lines.push("Slowest e2e specs (sum of their tests):", ...slowest(e2e.flatMap(e2eSpecTimes), count));
  return lines;
}
