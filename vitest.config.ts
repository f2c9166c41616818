import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // lib/upstream is server-only; under the unit runner there is no client bundle to guard.
      "server-only": fileURLToPath(new URL("./scripts/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", "data/**"],
    environment: "node",
    // The test PostgreSQL (TEST_DATABASE_URL, or a throwaway server started for the run) and its migrated template.
    globalSetup: ["./test/global-setup.ts"],
    // Two cores: one worker per core at most.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
