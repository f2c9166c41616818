import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { DomainError } from "@/lib/rules/problems";

vi.mock("@/lib/auth/session", () => ({ getCurrentMember: async () => null }));
vi.mock("@/lib/store", () => ({ db: async () => undefined }));

const { parseBody, parseHeader, parseQuery } = await import("@/lib/api/parse");

const schema = z.strictObject({ q: z.string().optional() });
const query = (search: string) => parseQuery(new NextRequest(`http://console.test/api/x${search}`), schema);

describe("parseQuery", () => {
  it("reads single values", () => {
    expect(query("?q=a")).toEqual({ q: "a" });
  });

  it("refuses a parameter given twice", () => {
    expect(() => query("?q=a&q=b")).toThrow(/once/);
  });

  it("treats __proto__, constructor and toString as unknown parameters, not as prototype accessors", () => {
    // A validation failure of the query (naming the parameter), not "give it once".
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(() => query(`?${name}=x`), name).toThrow(/^Invalid query/);
      expect(() => query(`?q=a&${name}=x`), name).toThrow(/^Invalid query/);
    }
  });
});

describe("parseBody", () => {
  const body = (text: string) =>
    parseBody(new NextRequest("http://console.test/api/x", { method: "POST", headers: { "content-type": "application/json" }, body: text }), z.strictObject({ name: z.string(), code: z.string().optional() }));

  it("reads a body", async () => {
    await expect(body('{"name":"a","code":"b"}')).resolves.toEqual({ name: "a", code: "b" });
  });

  it("refuses a field given twice, naming it, rather than keeping the last", async () => {
    for (const text of ['{"name":"a","name":"b"}', '{"name":"a","code":"x","\\u006eame":"b"}']) {
      const error = await body(text).catch((e: unknown) => e);
      expect(error, text).toMatchObject({ code: "validation_failed", detail: 'Give "name" once.', extra: { errors: { name: ["Given more than once."] } } });
    }
  });
});

describe("parseHeader", () => {
  const key = (headers: Record<string, string>) => parseHeader(new NextRequest("http://console.test/api/x", { headers }), "Idempotency-Key", idempotencyKeySchema);

  it("the Idempotency-Key header: a missing or malformed one is a 422 naming the header", () => {
    expect(key({ "Idempotency-Key": " key-0001-abcd " })).toBe("key-0001-abcd");
    const refusal = (() => {
      try {
        key({});
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: "validation_failed", extra: { errors: { "Idempotency-Key": [expect.any(String)] } } });
    expect(refusal).toMatchObject({
      detail: "Send an Idempotency-Key header (for example a random UUID).",
      extra: { fieldCodes: { "Idempotency-Key": [{ code: "validation.erp.idempotencyKeyMissing" }] } },
    });
  });

  it("an Idempotency-Key sent empty (a failed `$(uuidgen)`) is a 400 that names the header", () => {
    for (const value of ["", "   "]) {
      const refusal = (() => {
        try {
          key({ "Idempotency-Key": value });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toMatchObject({ code: "bad_request", detail: expect.stringContaining("Idempotency-Key header was sent empty"), extra: { errors: { "Idempotency-Key": [expect.any(String)] } } });
    }
  });
});
