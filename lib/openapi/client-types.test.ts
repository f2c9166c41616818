import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, expect, it, vi } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";

// A script's view of the API: types generated from the description, and a small client type-checked against them.

vi.hoisted(() => Object.assign(process.env, { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "t", AUTH_SECRET: "openapi-test-secret-0123456789abcdef" }));

const dir = mkdtempSync(path.join(tmpdir(), "labs-openapi-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = `import type { paths } from "./api";

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type WarehousePage = Json<paths["/warehouses"]["get"]["responses"][200]>;
type StartBody = NonNullable<paths["/transfers"]["post"]["requestBody"]>["content"]["application/json"];
type StartHeaders = paths["/transfers"]["post"]["parameters"]["header"];
type Started = Json<paths["/transfers"]["post"]["responses"][201]>;
type Query = NonNullable<paths["/warehouses"]["get"]["parameters"]["query"]>;

const base = "https://console.example/api/v1";

export async function listWarehouses(key: string): Promise<string[]> {
  const query: Query = { status: "active", sort: "name.asc", limit: 50 };
  const res = await fetch(\`\${base}/warehouses?status=\${query.status}\`, { headers: { Authorization: \`Bearer \${key}\` } });
  const page = (await res.json()) as WarehousePage;
  return page.items.map((w) => \`\${w.code} \${w.name} \${w.erpWarehouseId ?? "-"} \${w.attention.join(",")}\`);
}

export async function startTransfer(key: string, orderIds: string[]): Promise<string> {
  const body: StartBody = { orderIds };
  const headers: StartHeaders = { "Idempotency-Key": "nightly-2026-11-26" };
  const res = await fetch(\`\${base}/transfers\`, { method: "POST", headers: { ...headers, Authorization: \`Bearer \${key}\`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const { run, created } = (await res.json()) as Started;
  return \`\${run.id} \${run.state} \${run.counts.total} \${created}\`;
}
`;

// Mistakes the generated types must catch: each line is one, and tsc must name each line.
const MISTAKES = `import type { paths } from "./api";
type Started = paths["/transfers"]["post"]["responses"][201]["content"]["application/json"];
type StartBody = NonNullable<paths["/transfers"]["post"]["requestBody"]>["content"]["application/json"];
export const a: StartBody = { orderIds: "3572228" };
export const b: StartBody = { orderIds: ["1"], retry: "everything" };
export const c = (s: Started): string => s.run.statusText;
export const d: paths["/transfers"]["post"]["parameters"]["header"] = {};
export const e: NonNullable<paths["/warehouses"]["get"]["parameters"]["query"]> = { status: "archived" };
`;

it("generates types from the description that a client lists warehouses and starts a transfer with; tsc catches misuse", async () => {
  const ast = await openapiTS(openApiDocument() as never);
  writeFileSync(path.join(dir, "api.ts"), astToString(ast));
  writeFileSync(path.join(dir, "client.ts"), CLIENT);
  writeFileSync(path.join(dir, "mistakes.ts"), MISTAKES);
  const tsc = path.join(process.cwd(), "node_modules", "typescript", "bin", "tsc");
  const compilerOptions = { noEmit: true, strict: true, noUncheckedIndexedAccess: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom"], types: [] };
  const run = (file: string) => {
    writeFileSync(path.join(dir, `${file}.json`), JSON.stringify({ compilerOptions, files: [file] }));
    return promisify(execFile)(process.execPath, [tsc, "-p", path.join(dir, `${file}.json`), "--pretty", "false"]).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
  };
  const [client, mistakes] = await Promise.all([run("client.ts"), run("mistakes.ts")]);
  expect(client).toBe("");
  const lines = [...mistakes.matchAll(/mistakes\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1]));
  expect([...new Set(lines)]).toEqual([4, 5, 6, 7, 8]);
}, 120_000);
