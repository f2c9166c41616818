import { describe, expect, it } from "vitest";
import { ALLOWED_METHODS, guardRequest, rawResponse, serverActionIds } from "@/lib/server/request-guard";

const tree = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const rsc = (routerState: string) => ({ rsc: "1", "next-router-state-tree": routerState });
const ACTION = "40c0ffee00000000000000000000000000000000aa";

describe("guardRequest", () => {
  it.each(ALLOWED_METHODS)("lets %s to a page or handler through", (method) => {
    expect(guardRequest({ method, url: "/warehouses?q=a", headers: {} })).toBeNull();
    expect(guardRequest({ method, url: "/api/health", headers: new Headers() })).toBeNull();
  });

  it.each(["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "QUERY"])("answers %s with 405 naming the allowed methods", (method) => {
    const refusal = guardRequest({ method, url: "/api/health", headers: {} })!;
    expect(refusal.status).toBe(405);
    expect(refusal.headers.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(refusal.headers["Content-Type"]).toBe("application/problem+json");
    expect(JSON.parse(refusal.body)).toMatchObject({ status: 405, code: "method_not_allowed", detail: `The method ${method} is not allowed.` });
    expect(guardRequest({ method, url: "/warehouses", headers: {} })).toMatchObject({ status: 405, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });

  it.each(["*", "http://evil.example/activity", "evil.example:443", ""])("answers the request target %j with 400", (url) => {
    for (const method of ["OPTIONS", "GET", "POST"]) {
      const refusal = guardRequest({ method, url, headers: {} })!;
      expect(refusal.status).toBe(400);
      expect(refusal.body).toMatch(/must be a path/);
    }
  });

  it.each([
    ["a navigation from the home page", tree(["", { children: ["warehouses", { children: ["__PAGE__", {}, null, null] }, null, null] }, null, "refetch", 1])],
    ["a dynamic segment", tree(["", { children: ["warehouses", { children: [["id", "3", "d", null], { children: ["__PAGE__", {}] }] }] }])],
    ["the least tree", tree(["", {}])],
    ["a tree written without percent-escapes", JSON.stringify(["", {}, null, null, 1, "/x"])],
  ])("lets an RSC request with %s through", (_, value) => {
    expect(guardRequest({ method: "GET", url: "/warehouses", headers: rsc(value) })).toBeNull();
  });

  it.each([
    ["cut off", "%5B%22x"],
    ["not JSON", "nonsense"],
    ["a bad percent-escape", "%E0%A4%A"],
    ["an object", tree({ children: [] })],
    ["a tree of numbers", tree([1, 2])],
    ["an unknown refresh marker", tree(["", {}, null, "sometimes"])],
    ["too many members", tree(["", {}, null, null, null, "x", "y"])],
    ["a bad dynamic segment", tree([["id", "3", "zz", null], {}])],
    ["over Next's 40,000 characters", tree(["", { children: ["x".repeat(40_000), {}] }])],
  ])("answers an RSC request whose router state is %s with 400", (_, value) => {
    const refusal = guardRequest({ method: "GET", url: "/warehouses", headers: rsc(value) })!;
    expect(refusal).toMatchObject({ status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    expect(refusal.body).toBe("Bad request: The Next-Router-State-Tree header is malformed.\n");
    // Without "RSC: 1" Next never reads the header.
    expect(guardRequest({ method: "GET", url: "/warehouses", headers: { "next-router-state-tree": value } })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/warehouses", headers: { rsc: "0", "next-router-state-tree": value } })).toBeNull();
  });

  it("reads the header the same from a Headers object", () => {
    const headers = new Headers({ RSC: "1", "Next-Router-State-Tree": "%5B%22x" });
    expect(guardRequest({ method: "GET", url: "/login", headers })?.status).toBe(400);
  });

  it.each(["0000000000000000000000000000000000000000", "x", "", `${ACTION}0`, "zz".repeat(21)])("answers a POST whose Next-Action is %j with 400", (id) => {
    const refusal = guardRequest({ method: "POST", url: "/login", headers: { "next-action": id } })!;
    expect(refusal.status).toBe(400);
    expect(refusal.body).toMatch(/not a Server Action id/);
  });

  it("answers an action id of another build as Next does (409 and its not-found header), and lets the build's own through", () => {
    const actions = new Set([ACTION]);
    const other = ACTION.replace("aa", "ab");
    const refusal = guardRequest({ method: "POST", url: "/login", headers: { "next-action": other } }, { actions })!;
    expect(refusal.status).toBe(409);
    expect(refusal.headers["x-nextjs-action-not-found"]).toBe("1");
    expect(guardRequest({ method: "POST", url: "/login", headers: { "next-action": ACTION } }, { actions })).toBeNull();
    // Without the build's list only the shape is checked; and only POST carries an action.
    expect(guardRequest({ method: "POST", url: "/login", headers: { "next-action": other } })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/login", headers: { "next-action": "nonsense" } })).toBeNull();
  });
});

describe("form posts and the image optimizer (N-8)", () => {
  const multipart = { "content-type": "multipart/form-data; boundary=zzz" };
  it.each([multipart, { "content-type": "application/x-www-form-urlencoded" }, { "content-type": "Multipart/Form-Data;boundary=x" }])("answers a form post to a page without Next-Action with 400 (%j)", (headers) => {
    const refusal = guardRequest({ method: "POST", url: "/login", headers })!;
    expect(refusal.status).toBe(400);
    expect(refusal.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
  });

  it("lets a page's own form through (a same-origin navigation), a post with Next-Action, and form bodies to handlers", () => {
    expect(guardRequest({ method: "POST", url: "/login", headers: { ...multipart, "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" } })).toBeNull();
    expect(guardRequest({ method: "POST", url: "/login", headers: { ...multipart, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" } })?.status).toBe(400);
    expect(guardRequest({ method: "POST", url: "/login", headers: { ...multipart, "next-action": ACTION } })).toBeNull();
    expect(guardRequest({ method: "POST", url: "/api/auth/callback/credentials", headers: { "content-type": "application/x-www-form-urlencoded" } })).toBeNull();
    expect(guardRequest({ method: "POST", url: "/login", headers: { "content-type": "text/plain;charset=UTF-8" } })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/login", headers: multipart })).toBeNull();
  });

  it.each(["/_next/image?url=/api/health&w=64&q=75", "/_next/image", "/_next/image/x"])("answers %s with 404", (url) => {
    expect(guardRequest({ method: "GET", url, headers: {} })?.status).toBe(404);
  });

  it("leaves other /_next paths alone", () => {
    expect(guardRequest({ method: "GET", url: "/_next/static/chunks/x.js", headers: {} })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/_next/images", headers: {} })).toBeNull();
  });
});

describe("a __proto__ query parameter", () => {
  it.each(["/api/warehouses?__proto__=1", "/api/activity?limit=25&__proto__", "/api/team?%5F%5Fproto%5F%5F=x"])("is refused on %s as an unknown parameter (Next would drop it)", (url) => {
    const refusal = guardRequest({ method: "GET", url, headers: {} })!;
    expect(refusal.status).toBe(422);
    const body = JSON.parse(refusal.body);
    expect(body).toMatchObject({ code: "validation_failed", detail: 'Unknown parameter "__proto__".' });
    expect(Object.hasOwn(body.errors, "__proto__")).toBe(true);
    expect(body.errors["__proto__"]).toEqual(['Unknown parameter "__proto__".']);
    expect(Object.hasOwn(body.fieldCodes, "__proto__")).toBe(true);
    expect(body.fieldCodes["__proto__"]).toEqual([{ code: "validation.unknownParameter", params: { name: "__proto__" } }]);
  });

  it("is left to pages, and other names to the handlers", () => {
    expect(guardRequest({ method: "GET", url: "/warehouses?__proto__=1", headers: {} })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/api/warehouses?proto=1&constructor=2", headers: {} })).toBeNull();
    expect(guardRequest({ method: "GET", url: "/api/__proto__", headers: {} })).toBeNull();
  });
});

describe("rawResponse", () => {
  it("writes a refusal as an HTTP/1.1 answer that closes the connection", () => {
    const connect = guardRequest({ method: "CONNECT", url: "127.0.0.1:5432", headers: {} })!;
    expect(connect.status).toBe(405);
    const text = rawResponse(connect);
    const [head, body] = text.split("\r\n\r\n");
    expect(head!.split("\r\n")).toEqual([
      "HTTP/1.1 405 Method Not Allowed",
      "Content-Type: text/plain; charset=utf-8",
      "Cache-Control: no-store",
      "Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
      `Content-Length: ${Buffer.byteLength(body!)}`,
      "Connection: close",
    ]);
    expect(body).toBe("Method not allowed: The method CONNECT is not allowed.\n");
  });
});

describe("serverActionIds", () => {
  it("reads the ids of both runtimes from a server reference manifest", () => {
    const manifest = { node: { [ACTION]: { workers: {} } }, edge: { ["7f" + "1".repeat(40)]: {} }, encryptionKey: "k" };
    expect([...serverActionIds(manifest)].sort()).toEqual([ACTION, "7f" + "1".repeat(40)]);
    expect(serverActionIds(null).size).toBe(0);
  });
});
