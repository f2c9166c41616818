import { describe, expect, it, vi } from "vitest";
import { OPERATIONS, openApiDocument } from "@/lib/openapi/document";
import { referenceSections, typeOf } from "@/lib/openapi/reference";

// The transfer body's order cap comes from the configuration, which needs these to load.
vi.hoisted(() => Object.assign(process.env, { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "t", AUTH_SECRET: "openapi-test-secret-0123456789abcdef" }));

// The reference page's outline of the real description: every operation once, under its tag, with its inputs and answers.

describe("the API reference outline", () => {
  const sections = referenceSections(openApiDocument());
  const operations = sections.flatMap((s) => s.operations.map((op) => ({ ...op, tag: s.tag })));

  it("holds every described operation once, under its tag", () => {
    expect(operations.map((op) => `${op.tag} ${op.method} ${op.path}`).sort()).toEqual(OPERATIONS.map((op) => `${op.tag} ${op.method} ${op.path}`).sort());
    expect(sections.map((s) => s.tag)).toEqual([...new Set(OPERATIONS.map((op) => op.tag))]);
  });

  it("lists path, query, header and body inputs with their types and whether they are required", () => {
    const retry = operations.find((op) => op.id === "retryFailures")!;
    expect(retry.fields).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true, type: "string" }));
    expect(retry.fields).toContainEqual({ name: "meaning", in: "body", required: true, type: expect.stringContaining('"unknown"') });
    expect(retry.fields).toContainEqual(expect.objectContaining({ name: "confirmUnknown", in: "body", required: false, type: "boolean" }));
    expect(retry.fields).toContainEqual(expect.objectContaining({ name: "run", in: "query", required: false }));
    expect(retry.statuses).toEqual(expect.arrayContaining(["200", "201", "401", "403", "409", "422", "429"]));
    const replace = operations.find((op) => op.id === "replaceSchedule")!;
    expect(replace.fields[0]).toMatchObject({ name: "id", in: "path", required: true, type: "string" });
    expect(operations.find((op) => op.id === "getOpenApi" || op.path === "/openapi.json")!.fields).toEqual([]);
  });

  it("names types of enums, unions, arrays and constants", () => {
    expect(typeOf({ enum: ["a", "b"] })).toBe('"a" | "b"');
    expect(typeOf({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeOf({ type: "array", items: { type: "integer" } })).toBe("integer[]");
    expect(typeOf({ const: 25 })).toBe("25");
    expect(typeOf({ type: ["string", "null"] })).toBe("string | null");
    expect(typeOf({})).toBe("object");
  });
});
