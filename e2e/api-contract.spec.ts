import fc from "fast-check";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, Keys, RUNS, SEED, byCheck, run, validates, type Pins } from "@/e2e/contract/run";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { allowOf, ROUTE_METHODS } from "@/lib/http/allow";

// The served /api/v1 description against the built app, as Schemathesis checks it (N-7): requests generated from the
// document's schemas with a fixed seed, sent with an operator key and a viewer key. No 5xx; input the document calls
// valid is not refused as invalid (400/422); input it calls invalid is refused; every answer is a documented status
// with its documented headers and body; a method the document does not list answers 405 with Allow.
// The operations in STATEFUL get valid input only in e2e/zz-api-properties.spec.ts, the last spec.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test.describe("the /api/v1 contract", () => {
  test.describe.configure({ timeout: 180_000 });
  let admin: APIRequestContext;
  let doc: Json;
  let writer: Keys;
  const keys: Keys[] = [];

  test.beforeAll(async ({ playwright }) => {
    admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
    doc = (await (await fetch(`${API}/openapi.json`)).json()) as Json;
    writer = new Keys(admin, "operator");
    keys.push(writer);
  });

  test.afterAll(async () => {
    for (const k of keys) await k.revoke();
    await admin.dispose();
  });

  for (const role of ["operator", "viewer"] as const) {
    test(`generated requests with ${role === "operator" ? "an operator" : "a viewer"} key: no 5xx, valid input taken, invalid refused, answers as documented`, async () => {
      const pool = new Keys(admin, role);
      keys.push(pool);
      // Writes go to a warehouse this run made, never to the demo's, and never make a warehouse the default.
      const own = await fetch(`${API}/warehouses`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await writer.secret()}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Contract ${role} ${Date.now()}`, code: `CT${Date.now()}`, isDefault: false }),
      });
      expect(own.status).toBe(201);
      const ownId = String((await own.json()).warehouse.id);
      const pins: Pins = {
        path: (o) => (o.path === "/warehouses/{id}" && o.method !== "GET" ? fc.constantFrom({ id: ownId }, { id: "999999999" }) : null),
        body: (o, body) => (o.path.startsWith("/warehouses") && body && typeof body === "object" && !Array.isArray(body) ? { ...(body as Json), isDefault: false } : body),
      };
      const started = Date.now();
      const { failures, sent } = await run({ role, keys: pool, doc, pins });
      test.info().annotations.push({ type: "contract", description: `${sent} requests in ${Date.now() - started} ms, seed ${SEED}, ${RUNS} examples per operation` });
      expect(failures.slice(0, 40).map((f) => f.text), `${failures.length} failures of ${sent} requests ${JSON.stringify(byCheck(failures))} (CONTRACT_SEED=${SEED})`).toEqual([]);
    });
  }

  test("a method the document does not list answers 405, problem+json, with Allow naming the ones it does", async () => {
    const pool = new Keys(admin, "operator");
    keys.push(pool);
    const problem = doc.components.schemas.Problem as Json;
    const checked: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      const listed = Object.keys(ops as Json).map((m) => m.toUpperCase());
      const url = `${API}${path.replace(/\{id\}/, "1").replace(/\{runId\}/, "0b7c2f0e-6f1d-4a55-9a1e-0c2d3e4f5a6b").replace(/\{orderId\}/, "3572228")}`;
      for (const method of ROUTE_METHODS.filter((m) => !listed.includes(m))) {
        const res = await fetch(url, { method, headers: { Authorization: `Bearer ${await pool.secret()}`, "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
        const where = `${method} ${url}`;
        expect.soft(res.status, where).toBe(405);
        expect.soft(res.headers.get("allow"), where).toBe(allowOf(listed));
        expect.soft(res.headers.get("content-type"), where).toBe("application/problem+json");
        expect.soft(res.headers.get("cache-control"), where).toBe("no-store");
        expect.soft(res.headers.get("x-request-id"), where).toMatch(/^[0-9a-f-]{36}$/);
        expect.soft(validates(problem, await res.json()), where).toBe(true);
        checked.push(where);
      }
    }
    expect(checked).toContain(`PUT ${API}/warehouses/1`);
  });
});
