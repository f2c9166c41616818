// Two stacks side by side, each with its own servers (test/env.ts); with arguments (a spec, a grep), one stack runs what they name.
import "@/scripts/require-node";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const playwright = path.join(root, "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

function run(stack: "" | "a" | "b"): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(playwright, ["test", ...args], { cwd: root, env: { ...process.env, E2E_STACK: stack }, stdio: ["ignore", stack ? "pipe" : "inherit", stack ? "pipe" : "inherit"] });
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on("line", (line) => console.log(`[${stack}] ${line}`));
    child.once("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (args.length > 0) process.exit(await run(""));
const built = spawnSync(process.execPath, ["scripts/build-runtime.mjs", "--if-stale"], { cwd: root, stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
const codes = await Promise.all([run("a"), run("b")]);
const failed = codes.findIndex((code) => code !== 0);
if (failed >= 0) console.error(`test:e2e: stack ${"ab"[failed]} failed (exit ${codes[failed]}).`);
process.exit(failed >= 0 ? codes[failed]! : 0);
