import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { arbitraryOf } from "@/test/contract/arbitraries";
import { OPERATIONS, openApiDocument } from "@/lib/openapi/document";

// The contract run's generator (e2e/api-contract.spec.ts) draws only values the document's own schemas take.

vi.hoisted(() => Object.assign(process.env, { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "t", AUTH_SECRET: "openapi-test-secret-0123456789abcdef" }));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = openApiDocument() as Json;
const ajv = addFormats(new Ajv2020({ strict: false }));

const schemas = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
  Object.entries(ops as Json).flatMap(([method, op]) => [
    ...((op.parameters ?? []) as Json[]).map((p) => [`${method} ${path} ${p.in} ${p.name}`, p.schema] as const),
    ...(op.requestBody ? [[`${method} ${path} body`, op.requestBody.content["application/json"].schema] as const] : []),
  ]),
);

describe("values drawn from the served document", () => {
  it.each(schemas)("%s: every drawn value validates", (_name, schema) => {
    const validate = ajv.compile(schema);
    for (const value of fc.sample(arbitraryOf(schema, doc), { seed: 4242, numRuns: 30 })) expect(validate(value), JSON.stringify(value)).toBe(true);
  });
});

describe("bodies drawn from the served document", () => {
  const bodies = OPERATIONS.filter((op) => op.body).map((op) => [op.operationId, op] as const);
  const meaningAside = new Set(["rule.expression", "startReconciliation to", "setTransferHold until"]);
  // A hold's end is judged against the clock (future, within HOLD_MAX_DAYS), a window by its order: no static schema draws only those.
  it.each(bodies)("%s: the route's own schema takes every one, a cron expression's meaning, a window's order and a hold end aside", (_id, op) => {
    const zod = typeof op.body === "function" ? op.body() : op.body!;
    const schema = doc.paths[op.path][op.method.toLowerCase()].requestBody.content["application/json"].schema;
    for (const value of fc.sample(arbitraryOf(schema, doc), { seed: 4242, numRuns: 30 })) {
      const parsed = zod.safeParse(value);
      const refused = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join(".")).filter((at) => !meaningAside.has(at) && !meaningAside.has(`${op.operationId} ${at}`));
      expect(refused, JSON.stringify(value)).toEqual([]);
    }
  });
});
