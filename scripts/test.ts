// `npm test`: each step in order, stopping at the first failure; with no TEST_DATABASE_URL, a throwaway PostgreSQL for them all.
import "@/scripts/require-node";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startThrowawayServer } from "@/lib/db/local-server";
import { E2E_REPORTS, UNIT_TIMES, timesSummary } from "@/scripts/test-times";

const root = path.resolve(import.meta.dirname, "..");
// The build comes before the unit suite: its console tests (lib/db/local-console.test.ts) start the built console.
// Lint and typecheck are single-threaded, so they share a stage (one core each); the build skips its own type check after it.
const STAGES = [["lint", "typecheck"], ["test:build"], ["test:unit"], ["test:e2e"]];
// Each file's time to reports/, for the summary at the end; the e2e report is set in playwright.config.ts.
const ARGS: Record<string, string[]> = { "test:unit": ["--reporter=default", "--reporter=json", `--outputFile.json=${UNIT_TIMES}`] };

// A step beside another writes its output in one piece when it ends, so the two never interleave.
function run(step: string, env: NodeJS.ProcessEnv, beside: boolean): Promise<number> {
  if (!beside) console.log(`\n== npm run ${step}`);
  const args = ARGS[step] ? ["--", ...ARGS[step]] : [];
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", step, ...args], { cwd: root, env, stdio: beside ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("close", (code, signal) => {
      if (beside) process.stdout.write(`\n== npm run ${step}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let server: Awaited<ReturnType<typeof startThrowawayServer>> | undefined;
let stopping = false;
async function cleanUp() {
  if (stopping) return;
  stopping = true;
  await server?.stop().catch((error: unknown) => console.error(`The throwaway PostgreSQL did not stop cleanly: ${String(error)}`));
}
// Ctrl-C reaches the step too; the server goes with us.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanUp().then(() => process.exit(130)));

const env: NodeJS.ProcessEnv = { ...process.env, CONSOLE_BUILD_SKIP_TYPECHECK: "1" };
if (!env.TEST_DATABASE_URL?.trim()) {
  server = await startThrowawayServer();
  env.TEST_DATABASE_URL = server.url;
  console.log("== a throwaway PostgreSQL for the tests is up (removed at the end)");
}
for (const report of [UNIT_TIMES, ...E2E_REPORTS]) rmSync(path.join(root, report), { force: true });
let code = 0;
const started = Date.now();
const times: string[] = [];
for (const stage of STAGES) {
  const at = Date.now();
  const codes = await Promise.all(stage.map((step) => run(step, env, stage.length > 1)));
  const failed = stage.findIndex((_, i) => codes[i] !== 0);
  times.push(`${stage.join(" + ")} ${Math.round((Date.now() - at) / 1000)} s`);
  if (failed >= 0) {
    code = codes[failed]!;
    console.error(`\nnpm test: ${stage[failed]} failed (exit ${code}).`);
    break;
  }
}
await cleanUp();
const summary = timesSummary(root);
if (summary.length > 0) console.log(`\n${summary.join("\n")}`);
console.log(`\nnpm test: ${code === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s (${times.join(", ")}).`);
process.exit(code);
