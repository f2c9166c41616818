import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("@/lib/auth/session", () => ({ getCurrentMember: async () => null }));
vi.mock("@/lib/db", () => ({ db: async () => undefined }));

const { parseQuery } = await import("@/lib/http/route");

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
      expect(() => query(`?${name}=x`), name).toThrow(/^query$/);
      expect(() => query(`?q=a&${name}=x`), name).toThrow(/^query$/);
    }
  });
});
