import { expect, test } from "@playwright/test";
import { CALLERS, type Who } from "@/test/access-table";
import { EXEMPT_FILES, exportedMethods, HTTP_METHODS, routeFiles, ROUTES } from "@/test/access-routes";
import { E2E_BASE_URL, storageStateFor, type E2ERole } from "@/test/env";
import { allowOf } from "@/lib/http/allow";

// Every route handler and method against anonymous, each role and a cross-origin caller. A new
// route file under app/api, or a new method in one, must be added to test/access-routes.ts, or the
// first tests fail.

const files = routeFiles().filter((f) => !EXEMPT_FILES.has(f));

test("every route file is in the access table", () => {
  const covered = new Set(ROUTES.map((r) => r.file));
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});

test("every exported method of every route file is in the access table, with all five callers", () => {
  const missing = files.flatMap((file) =>
    exportedMethods(file)
      .filter((method) => !ROUTES.some((r) => r.file === file && r.method === method))
      .map((method) => `${method} ${file}`),
  );
  expect(missing).toEqual([]);
  // A table row for a method the file does not export would test nothing.
  expect(ROUTES.filter((r) => !exportedMethods(r.file).includes(r.method)).map((r) => `${r.method} ${r.file}`)).toEqual([]);
  for (const r of ROUTES) expect(Object.keys(r.expect).sort(), `${r.method} ${r.url}`).toEqual([...CALLERS].sort());
});

test("methods a route file does not export answer a problem+json 405 naming the methods it does in Allow", async ({ playwright }) => {
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: storageStateFor("admin"),
    extraHTTPHeaders: { Origin: E2E_BASE_URL },
  });
  for (const file of files) {
    const url = ROUTES.find((r) => r.file === file)!.url;
    for (const method of HTTP_METHODS.filter((m) => !exportedMethods(file).includes(m))) {
      const res = await api.fetch(url, { method, data: method === "GET" ? undefined : {} });
      expect(res.status(), `${method} ${url}`).toBe(405);
      expect(res.headers()["allow"], `${method} ${url}`).toBe(allowOf(exportedMethods(file)));
      expect(res.headers()["content-type"], `${method} ${url}`).toContain("application/problem+json");
      expect(res.headers()["cache-control"], `${method} ${url}`).toBe("no-store");
      expect(res.headers()["x-request-id"], `${method} ${url}`).toBeTruthy();
    }
  }
  await api.dispose();
});

for (const route of ROUTES) {
  for (const [who, status] of Object.entries(route.expect) as [Who, number][]) {
    test(`${route.method} ${route.url} as ${who} -> ${status}`, async ({ playwright }) => {
      const role: E2ERole | null = who === "anonymous" ? null : who === "cross-origin" ? "admin" : who;
      const api = await playwright.request.newContext({
        baseURL: E2E_BASE_URL,
        storageState: role ? storageStateFor(role) : { cookies: [], origins: [] },
        extraHTTPHeaders: { Origin: who === "cross-origin" ? "http://evil.example" : E2E_BASE_URL },
      });
      const res = await api.fetch(route.url, { method: route.method, data: route.body, headers: route.headers });
      expect(res.status()).toBe(status);
      // No CORS grant: a page on another origin can never read what the console answers.
      expect(res.headers()["access-control-allow-origin"]).toBeUndefined();
      expect(res.headers()["access-control-allow-credentials"]).toBeUndefined();
      if (status >= 400) {
        expect(res.headers()["content-type"]).toContain("application/problem+json");
        const body = await res.json();
        expect(body.status).toBe(status);
        if (who === "cross-origin" && status === 403) expect(body.code).toBe("cross_origin");
        if (status === 403 && who !== "cross-origin") {
          expect(body.code).toBe("forbidden");
          expect(body.detail).toMatch(/Your role \(\w+\) may not/);
        }
      }
      await api.dispose();
    });
  }
}
