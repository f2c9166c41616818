// Shared by the Playwright config and the tests: own ports and data dir, so a developer's running console is never touched.
export const E2E_STACK: "" | "a" | "b" = process.env.E2E_STACK === "a" || process.env.E2E_STACK === "b" ? process.env.E2E_STACK : "";
const shift = E2E_STACK === "b" ? 5 : 0;
const suffix = E2E_STACK === "b" ? "-b" : "";
/** Side by side (scripts/e2e.ts), stack "b" takes the next ports, its own folders, these specs and the cluster; "a" the rest. */
export const E2E_STACK_B_SPECS = ["screens", "upstream-faults", "schedules", "sso", "auth", "erp", "activity", "shell", "shortcuts"].map((name) => `e2e/${name}.spec.ts`);
export const E2E_OUTPUT = { dir: `test-results${suffix}`, report: `playwright-report${suffix}` };
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210 + shift);
export const E2E_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4210 + shift);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_EMULATOR_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/** A distinctive token, so that tests can search for it in everything the browser receives; "/" and "+" are what JSON producers escape (`\/`, `\u002B`). */
export const E2E_UPSTREAM_TOKEN = "e2e-LABS-token/7f3c+9a1e5b2d/4c6f+8a0b";
export const E2E_DATA_DIR = `.e2e-data${suffix}`;
export const E2E_METRICS_TOKEN = "e2e-metrics-token-3c9d1f7a2b";

export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? 4310 + shift)}`,
  clientId: "labs-console-e2e",
  clientSecret: "e2e-oidc-client-secret-not-a-real-one",
  name: "Test IdP",
  allow: "sso-admin@acme.test:admin, @acme.test:viewer",
};

/** The audit stream's receiver, started by e2e/zz-audit-stream.spec.ts only: until then every delivery fails. */
export const E2E_AUDIT_STREAM = { port: Number(process.env.E2E_AUDIT_STREAM_PORT ?? 4330 + shift), secret: "e2e-audit-stream-signing-secret-0123456789" };

export const E2E_BREAKER_ALERTS = { port: Number(process.env.E2E_BREAKER_ALERTS_PORT ?? 4350 + shift) };

export const DEMO_PASSWORD = "demo-password";
export const ROLES = ["admin", "operator", "viewer"] as const;
export type E2ERole = (typeof ROLES)[number];
export const storageStateFor = (role: E2ERole) => `e2e/.auth${suffix}/${role}.json`;
