import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { exportedMethods, routeFiles } from "@/test/access-routes";
import { allowOf, ROUTE_METHODS } from "@/lib/http/allow";
import { isNotAllowed, otherMethods } from "@/lib/http/not-allowed";

// Every route file answers all five methods: its own handlers, and a problem+json 405 with Allow for the rest (N-7).

vi.hoisted(() => Object.assign(process.env, { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "t", AUTH_SECRET: "not-allowed-test-secret-0123456789abcdef" }));
// next-auth does not load under the unit runner; the Auth.js route's own handlers are not what this test reads.
vi.mock("@/lib/auth/auth", () => ({ handlers: { GET: async () => new Response(), POST: async () => new Response() } }));

const files = routeFiles();

describe("methods a route does not serve", () => {
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("v1/warehouses/[id]/route.ts");
  });

  it.each(files)("%s exports every method, the ones it does not serve as 405 with Allow", async (file) => {
    const mod = (await import(path.join(process.cwd(), "app", "api", file))) as Record<string, unknown>;
    const served = exportedMethods(file);
    expect(served.length, file).toBeGreaterThan(0);
    const allow = allowOf(served);
    for (const method of ROUTE_METHODS) {
      expect(typeof mod[method], `${method} ${file}`).toBe("function");
      expect(isNotAllowed(mod[method]), `${method} ${file}`).toBe(!served.includes(method));
      if (served.includes(method)) continue;
      const res = (mod[method] as (req: Request) => Response)(new Request("http://console.test/api/x", { method }));
      expect(res.status, `${method} ${file}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${file}`).toBe(allow);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.json()).toMatchObject({ status: 405, code: "method_not_allowed" });
    }
    const options = (mod.OPTIONS as (req: Request) => Response)(new Request("http://console.test/api/x", { method: "OPTIONS" }));
    expect([options.status, options.headers.get("allow")], `OPTIONS ${file}`).toEqual([204, allow]);
  });

  it("lists HEAD with GET and OPTIONS always, sorted as Next's own OPTIONS answer", () => {
    expect(allowOf(["GET", "PATCH", "DELETE"])).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
    expect(allowOf(["POST"])).toBe("OPTIONS, POST");
    expect(Object.keys(otherMethods({ PUT: () => null, DELETE: () => null })).sort()).toEqual(["GET", "OPTIONS", "PATCH", "POST"]);
  });
});
