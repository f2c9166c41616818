import { stubDoors } from "@/test/route-mocks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@/test/access-routes";
import { KEY_CALLERS, V1_PUBLIC_ROUTES, V1_ROUTES, type KeyCaller } from "@/test/access-routes-v1";
import { sealClientIp } from "@/lib/server/client-address";
import { insertTestKey } from "@/test/api-keys";
import { callRoute, startInProcessConsole, type InProcessConsole } from "@/test/in-process-console";

// The key columns of the /api/v1 access table through the real wrapper, a real store and the real emulator over HTTP;
// the session stub says "admin" throughout, so every 401 here is the door refusing a session it never reads.

const session = stubDoors({ member: null as null | { id: number; email: string; name: string; role: "admin" } });

const CLIENT = "198.51.100.7";
let app: InProcessConsole;
const secrets = {} as Record<Exclude<KeyCaller, "none">, string>;

beforeAll(async () => {
  app = await startInProcessConsole("api-access");
  session.member = { id: app.adminId, email: "admin@demo.local", name: "Ada Admin", role: "admin" };
  const db = app.store.db;
  secrets.viewer = (await insertTestKey(db, { role: "viewer" })).secret;
  secrets.operator = (await insertTestKey(db, { role: "operator" })).secret;
  secrets.revoked = (await insertTestKey(db, { role: "operator", revokedAt: new Date(Date.now() - 1000) })).secret;
  secrets.expired = (await insertTestKey(db, { role: "operator", expiresAt: new Date(Date.now() - 1000) })).secret;
  secrets.elsewhere = (await insertTestKey(db, { role: "operator", allowed: ["203.0.113.0/24"] })).secret;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const headersFor = (who: KeyCaller, extra: Record<string, string> = {}) => ({
  ...extra,
  "x-labs-client-ip": sealClientIp(CLIENT),
  ...(who === "none" ? {} : { authorization: `Bearer ${secrets[who]}` }),
});

const cases = V1_ROUTES.flatMap((r) => KEY_CALLERS.map((who) => [`${r.method} ${r.url} with ${who === "none" ? "no key" : `a ${who} key`}`, r, who, r.keys[who]] as const));

describe.each(cases)("%s", (_name, route, who, status) => {
  it(`answers ${status}`, async () => {
    const res = await callRoute(route.method, route.url, route.body, headersFor(who, route.headers));
    expect(res.status).toBe(status);
    if (status >= 400) {
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      const body = await res.json();
      // No refusal says which secret was wrong, or that it was ever valid.
      if (status === 401) expect(body).toMatchObject({ code: "unauthenticated", title: who === "none" ? "API key required" : "Invalid API key", detail: "The API key is missing, unknown, expired or revoked." });
      if (status === 403 && who === "elsewhere") expect(body.code).toBe("forbidden");
      if (status === 403 && who === "viewer") expect(body.detail).toMatch(/Your role \(viewer\) may not/);
    }
    // A key that passed carries its rate-limit headers, whatever the handler answered.
    const counted = !["none", "revoked", "expired", "elsewhere"].includes(who);
    expect(res.headers.get("ratelimit-limit") !== null).toBe(counted);
  });
});

const publicCases = V1_PUBLIC_ROUTES.flatMap((r) => KEY_CALLERS.map((who) => [`${r.method} ${r.url} with ${who === "none" ? "no key" : `a ${who} key`}`, r, who, r.keys[who]] as const));

describe.each(publicCases)("%s (public)", (_name, route, who, status) => {
  it(`answers ${status}, counted against no key`, async () => {
    const res = await callRoute(route.method, route.url, route.body, headersFor(who, route.headers));
    expect(res.status).toBe(status);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("cookies and keys stay on their own doors", () => {
  it.each(V1_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))("%s with an admin's session and no key: 401", async (_n, route) => {
    const res = await callRoute(route.method, route.url, route.body, { "x-labs-client-ip": sealClientIp(CLIENT), ...route.headers });
    expect(res.status).toBe(401);
  });

  const browserRoutes = ROUTES.filter((r) => !r.file.startsWith("v1/") && r.expect.anonymous === 401);
  it.each(browserRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))("%s with an admin's session and an operator key: 401", async (_n, route) => {
    const res = await callRoute(route.method, route.url, route.body, headersFor("operator", route.headers));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthenticated");
  });
});
