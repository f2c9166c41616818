import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_AUDIT_STREAM, E2E_BASE_URL, E2E_DATA_DIR, E2E_EMULATOR_PORT, E2E_METRICS_TOKEN, E2E_OIDC, E2E_OUTPUT, E2E_PORT, E2E_STACK, E2E_STACK_B_SPECS, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { e2eTimesFile } from "@/scripts/test-times";

// Debian's Chromium where installed, else Playwright's own; CHROMIUM_PATH overrides both.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const executablePath = process.env.CHROMIUM_PATH ?? systemChromium;
const CLUSTER = /cluster\.spec\.ts/;
const stackB = E2E_STACK_B_SPECS.map((spec) => new RegExp(`${spec.replace(/[.]/g, "\\.")}$`));
const browserSpecs = E2E_STACK === "b" ? { testMatch: stackB } : { testIgnore: E2E_STACK === "a" ? [CLUSTER, ...stackB] : CLUSTER };

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One worker per project: the emulator's fault rules are global; alone, the cluster project (servers of its own, mostly waiting) runs beside it, in the same phase after setup.
  workers: E2E_STACK === "a" ? 1 : 2,
  outputDir: E2E_OUTPUT.dir,
  reporter: [["list"], ["json", { outputFile: e2eTimesFile(E2E_STACK) }], ...(process.env.CI ? [] : [["html", { open: "never", outputFolder: E2E_OUTPUT.report }] as const])],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records every action's snapshots (about a tenth of the browser's time here); CI keeps no artefacts, so only a local run records one.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", dependencies: ["setup"], workers: 1, ...browserSpecs, use: { storageState: storageStateFor("admin") } },
    ...(E2E_STACK === "a" ? [] : [{ name: "cluster", dependencies: ["setup"], workers: 1, testMatch: CLUSTER }]),
  ],
  webServer: [
    {
      command: "node --import tsx e2e/oidc/provider.ts",
      url: `${E2E_OIDC.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The built app and dist/ (alone, brought up to date here; side by side, by scripts/e2e.ts), the emulator and PostgreSQL, on a fresh data dir.
      command: `rm -rf ${E2E_DATA_DIR} && ${E2E_STACK === "" ? "node scripts/build-runtime.mjs --if-stale && " : ""}node dist/start.mjs`,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      // As Ctrl-C stops it, not by a kill of the group: start.ts stops the console, then its PostgreSQL (its own process group).
      gracefulShutdown: { signal: "SIGTERM", timeout: 40_000 },
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        EMULATOR_PORT: String(E2E_EMULATOR_PORT),
        DATA_DIR: E2E_DATA_DIR,
        LABS_API_TOKEN: E2E_UPSTREAM_TOKEN,
        LABS_API_URL: "",
        LOG_LEVEL: "info",
        // Warehouses seeded straight into the emulator show up in searches within seconds.
        WAREHOUSE_INDEX_TTL_SECONDS: "2",
        CONSOLE_LOG_FILE: `${E2E_DATA_DIR}/server.log`,
        // Short upstream deadline so that the ERP timeout test does not wait 10 s per batch.
        LABS_API_TIMEOUT_MS: "4000",
        // Other specs start every import kind; a one-minute window lets the schedule test find a kind free soon.
        ERP_IMPORT_REPEAT_WINDOW_MINUTES: "1",
        AUTH_OIDC_ISSUER: E2E_OIDC.issuer,
        AUTH_OIDC_CLIENT_ID: E2E_OIDC.clientId,
        AUTH_OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
        AUTH_OIDC_NAME: E2E_OIDC.name,
        AUTH_OIDC_ALLOW: E2E_OIDC.allow,
        AUDIT_STREAM_URL: `http://127.0.0.1:${E2E_AUDIT_STREAM.port}/audit`,
        AUDIT_STREAM_SECRET: E2E_AUDIT_STREAM.secret,
        AUDIT_STREAM_INTERVAL_SECONDS: "2",
        METRICS_TOKEN: E2E_METRICS_TOKEN,
        // The breaker's journey probes every 2 s with one order and drains two batches 2 s apart (e2e/transfer-breaker.spec.ts).
        BREAKER_PROBE_SECONDS: "2",
        BREAKER_PROBE_ORDERS: "1",
        TRANSFER_DRAIN_BATCHES_PER_MINUTE: "30",
      },
    },
  ],
});
