import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it, vi } from "vitest";
import { exportedMethods, routeFiles } from "@/test/access-routes";
import { OPERATIONS, openApiDocument } from "@/lib/openapi/document";
import { failuresList } from "@/lib/erp/inbox/schemas";

// The description is valid OpenAPI 3.1, names every /api/v1 route and method (and nothing else), and says what the routes parse.

// The transfer body's order cap comes from the configuration, which needs these to load.
vi.hoisted(() => Object.assign(process.env, { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "t", AUTH_SECRET: "openapi-test-secret-0123456789abcdef" }));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = openApiDocument() as Json;

const fileOf = (path: string) => `v1${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;

describe("the OpenAPI description", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("lists every /api/v1 route file and method, and none that does not exist", () => {
    const served = routeFiles()
      .filter((f) => f.startsWith("v1/"))
      .flatMap((file) => exportedMethods(file).map((m) => `${m} ${file}`))
      .sort();
    const described = OPERATIONS.map((op) => `${op.method} ${fileOf(op.path)}`).sort();
    expect(described).toEqual(served);
    const inDoc = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${fileOf(path)}`));
    expect(inDoc.sort()).toEqual(served);
  });

  it("names each path parameter as the route folder does", () => {
    for (const op of OPERATIONS) {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(op.params?.shape ?? {}), op.path).toEqual(inPath);
    }
  });

  it("gives every keyed operation the bearer scheme, RateLimit headers and the problem+json refusals; 429 says Retry-After", () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    for (const op of OPERATIONS.filter((o) => o.serves)) {
      const described = doc.paths[op.path][op.method.toLowerCase()];
      const statuses = Object.keys(described.responses);
      expect(statuses, op.operationId).toEqual(expect.arrayContaining(["401", "403", "422", "429"]));
      for (const status of Object.keys(op.answers)) expect(Object.keys(described.responses[status].headers), `${op.operationId} ${status}`).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]));
      expect(described.description).toContain(`\`${op.serves!.permission}\``);
    }
    const refusals = doc.components.responses as Json;
    expect(Object.keys(refusals.TooManyRequests.headers)).toEqual(expect.arrayContaining(["Retry-After", "RateLimit-Reset"]));
    for (const r of Object.values(refusals)) expect(Object.keys(r.content)).toEqual(["application/problem+json"]);
  });

  it("says 404 where a path names a resource, and which writes may conflict", () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses("/warehouses/{id}", "get")).toContain("404");
    expect(statuses("/transfers/{runId}", "get")).toContain("404");
    expect(statuses("/warehouses/{id}", "patch")).toEqual(expect.arrayContaining(["404", "409", "415"]));
    expect(statuses("/transfers", "post")).toEqual(expect.arrayContaining(["200", "201", "409", "415"]));
    expect(statuses("/transfers", "get")).not.toContain("404");
  });

  it("requires the Idempotency-Key header on POST /transfers, with the rules the route parses it with", () => {
    const header = (doc.paths["/transfers"].post.parameters as Json[]).find((p) => p.in === "header");
    expect(header).toMatchObject({ name: "Idempotency-Key", required: true, schema: { type: "string", minLength: 8, maxLength: 200 } });
    expect(new RegExp(header!.schema.pattern).test("nightly:2026-11-26")).toBe(true);
    expect(new RegExp(header!.schema.pattern).test("has space")).toBe(false);
  });

  it("renders the bodies the routes parse: strict objects with their limits", () => {
    const create = doc.paths["/warehouses"].post.requestBody.content["application/json"].schema;
    expect(create).toMatchObject({ type: "object", additionalProperties: false, required: ["name", "code"] });
    expect(create.properties.name).toMatchObject({ type: "string", maxLength: expect.any(Number) });
    const transfer = doc.paths["/transfers"].post.requestBody.content["application/json"].schema;
    expect((transfer.oneOf as Json[]).flatMap((s) => s.properties.retry?.enum ?? [])).toEqual(["failed", "unsent", "unknown", "rejected"]);
    expect(doc.paths["/imports"].post.requestBody.content["application/json"].schema.properties.kind.enum).toEqual(["products", "prices", "stock"]);
  });

  it("is as strict as the handlers where the review found it looser (N-7)", () => {
    const param = (path: string, method: string, name: string) => (doc.paths[path][method].parameters as Json[]).find((p) => p.name === name)!.schema;
    expect(param("/warehouses/{id}", "get", "id")).toMatchObject({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    const q = new RegExp((param("/warehouses", "get", "q").anyOf as Json[])[0]!.pattern, "u");
    expect(["Kadıköy", "", "a\u00a0b"].map((v) => q.test(v))).toEqual([true, true, true]);
    expect(["a\u0085b", "a\u200bb", "a\u0007"].map((v) => q.test(v))).toEqual([false, false, false]);
    const create = doc.paths["/warehouses"].post.requestBody.content["application/json"].schema;
    const code = new RegExp(create.properties.code.pattern, "u");
    expect(["IST01", " IST01 ", "IST 01", "   ", "IST\u200b01"].map((v) => code.test(v))).toEqual([true, true, false, false, false]);
    expect(new RegExp(create.properties.name.pattern, "u").test("   ")).toBe(false);
    const transfer = doc.paths["/transfers"].post.requestBody.content["application/json"].schema;
    expect((transfer.oneOf as Json[]).map((s) => s.required)).toEqual([["orderIds"], ["retry", "parentRunId"], ["retry", "parentRunId", "confirmUnknown"], ["retry", "parentRunId", "confirmRejected"]]);
    const schedule = doc.paths["/schedules"].post.requestBody.content["application/json"].schema;
    expect(schedule.allOf[0].properties.timeZone.enum).toEqual(expect.arrayContaining(["UTC", "Europe/Istanbul"]));
    const every = (schedule.properties.rule.oneOf as Json[]).find((r) => r.properties.type.const === "every")!;
    expect(every.properties.minutes.enum).toEqual([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440]);
    expect(Object.keys(schedule.properties)).toEqual(expect.arrayContaining(["activeFrom", "activeTo", "maxOrders", "paused"]));
    expect(schedule.properties.history).toMatchObject({ readOnly: true });
    expect(param("/failures", "get", "to").description).toContain("`from`");
    const from = (param("/failures", "get", "from").anyOf as Json[])[0]!;
    expect(new RegExp(from.pattern).test("0020-02-29")).toBe(true);
    expect(failuresList.querySchema.safeParse({ from: "0020-02-29", to: "0000-01-01" }).success).toBe(false);
    expect(failuresList.querySchema.safeParse({ from: "0000-01-01", to: "0020-02-29" }).success).toBe(true);
  });

  it("serves openapi.json itself without a key", () => {
    const op = doc.paths["/openapi.json"].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toEqual(["200"]);
  });
});

// Queries are read by the lists' own field readers; each described parameter must be one the reader knows, with its default and values.
/** A query parameter's schema without its "blank means not given" alternative, which the last test checks. */
const given = (schema: Json): Json => {
  if (!Array.isArray(schema.anyOf)) return schema;
  const rest = (schema.anyOf as Json[]).filter((s) => !(s.type === "string" && (s.pattern === "^\\s*$" || s.maxLength === 0)));
  return { default: schema.default, ...(rest.length === 1 ? rest[0] : { anyOf: rest }) };
};

describe.each(OPERATIONS.filter((op) => op.query).map((op) => [op.operationId, op] as const))("the query of %s", (_id, op) => {
  const described = (doc.paths[op.path][op.method.toLowerCase()].parameters as Json[]).filter((p) => p.in === "query");
  const params: Json[] = described.map((p) => ({ ...p, schema: given(p.schema) }));
  const { list } = op.query!;
  const parse = (name: string, value: string) => list.querySchema.safeParse({ [name]: value });

  it("names exactly the fields the route reads", () => {
    expect(params.map((p) => p.name).sort()).toEqual(Object.keys(list.fields).sort());
  });

  it("states the reader's defaults", () => {
    for (const p of params) expect(p.schema.default, p.name).toEqual((list.defaults as Json)[p.name]);
  });

  it("lists values the reader takes, and the reader refuses one outside them", () => {
    for (const p of params) {
      const anyOf = p.schema.anyOf as Json[] | undefined;
      const values: unknown[] = p.schema.enum ?? anyOf?.filter((s) => "const" in s).map((s) => s.const) ?? ("const" in p.schema ? [p.schema.const] : []);
      for (const v of values) expect(parse(p.name, String(v)).success, `${p.name}=${v}`).toBe(true);
      if (values.length && (anyOf?.every((s) => "const" in s) ?? true)) expect(parse(p.name, "not-one-of-them").success, `${p.name}=not-one-of-them`).toBe(false);
      if (p.schema.format === "date") expect([parse(p.name, "2026-11-26").success, parse(p.name, "26.11.2026").success], p.name).toEqual([true, false]);
      if (p.schema.format === "uuid") expect([parse(p.name, "0b7c2f0e-6f1d-4a55-9a1e-0c2d3e4f5a6b").success, parse(p.name, "not-a-run").success], p.name).toEqual([true, false]);
      if (p.schema.type === "integer") expect([parse(p.name, String(p.schema.maximum)).success, parse(p.name, String(p.schema.maximum + 1)).success], p.name).toEqual([true, false]);
      if (typeof p.schema.maxLength === "number") expect([parse(p.name, "a".repeat(p.schema.maxLength)).success, parse(p.name, "a".repeat(p.schema.maxLength + 1)).success], p.name).toEqual([true, false]);
      if (String(p.schema.pattern).includes("\\p{Cc}")) expect([parse(p.name, "Depo \u00e7").success, parse(p.name, "Depo\u0085").success, new RegExp(p.schema.pattern, "u").test("Depo\u0085")], p.name).toEqual([true, false, false]);
    }
  });

  it("says a blank value is taken exactly where the reader takes it as not given", () => {
    for (const p of described) {
      const blank = (p.schema.anyOf as Json[] | undefined)?.find((s) => s.type === "string" && (s.pattern === "^\\s*$" || s.maxLength === 0));
      expect([!!blank, blank?.pattern === "^\\s*$"], p.name).toEqual([parse(p.name, "").success, parse(p.name, " ").success]);
    }
  });
});
