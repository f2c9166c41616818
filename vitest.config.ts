import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const SKIP = new Set(["node_modules", "e2e", ".next", "data", "dist", ".git", ".bench-data", "reports"]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (SKIP.has(e.name) ? [] : testFiles(path.join(dir, e.name))) : e.name.endsWith(".test.ts") ? [path.relative(root, path.join(dir, e.name))] : [],
  );
}

// A file that mocks modules, stubs globals or timers, writes process.env (a spawned console inherits it) or sets globalThis keeps a module graph
// of its own; every other file shares its worker's, which spares it re-importing Next, zod and the store (about half the suite's time).
const CHANGES_PROCESS = /vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(|route-mocks|in-process-console|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env|process\.(chdir|on)\(|globalThis\.\w+\s*=[^=]/;
// The same for a file whose test/ helper mocks modules or brings the route stubs (they register when it is imported).
const MOCKS = /vi\.(mock|doMock)\(|route-mocks|in-process-console/;
const mocksThrough = (text: string) =>
  [...text.matchAll(/from "@\/test\/([\w-]+)"/g)].some((m) => {
    const helper = path.join(root, "test", `${m[1]}.ts`);
    return existsSync(helper) && MOCKS.test(readFileSync(helper, "utf8"));
  });
const all = testFiles(root);
const isolated = all.filter((f) => {
  const text = readFileSync(path.join(root, f), "utf8");
  return CHANGES_PROCESS.test(text) || mocksThrough(text);
});

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // lib/upstream is server-only; under the unit runner there is no client bundle to guard.
      "server-only": fileURLToPath(new URL("./scripts/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // The test PostgreSQL (TEST_DATABASE_URL, or a throwaway server started for the run) and its migrated template.
    globalSetup: ["./test/global-setup.ts"],
    // Two cores: one worker per core at most.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "isolated", include: isolated } },
      { extends: true, test: { name: "shared", include: all.filter((f) => !isolated.includes(f)), isolate: false } },
    ],
  },
});
