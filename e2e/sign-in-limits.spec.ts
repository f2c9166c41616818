import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "@/test/env";
import { call, client } from "@/e2e/loopback";

// Sign-in limits and the client address, over plain HTTP from other loopback addresses
// (Linux routes all of 127.0.0.0/8 to lo): each test burns only its own address's sign-in
// budget, never 127.0.0.1's, which the rest of the suite signs in from.

const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@limits.test`;

type AuditItem = { action: string; outcome: string; actorEmail: string | null; ip: string | null; details: Record<string, unknown> | null };
async function activity(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/activity?${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { items: AuditItem[]; total: number };
}

async function newMember(request: APIRequestContext, password: string) {
  const email = unique("member");
  const res = await request.post("/api/team", { headers: SAME_ORIGIN, data: { email, name: "Limits Member", role: "viewer", password } });
  expect(res.status()).toBe(201);
  return { email, id: ((await res.json()) as { member: { id: number } }).member.id };
}

const counts = (codes: string[]) => codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

test.describe("sign-in limits", () => {
  test("forged X-Forwarded-For neither escapes the per-address limit nor reaches the audit trail", async ({ request }) => {
    const from = "127.0.0.7";
    const c = await client(from);
    const emails = Array.from({ length: 25 }, (_, i) => unique(`spray${i}`));
    const codes: string[] = [];
    for (const [i, email] of emails.entries()) {
      codes.push(await c.signIn(email, "wrong-password", { "X-Forwarded-For": `198.51.100.${i + 1}`, "X-Real-IP": `203.0.113.${i + 1}` }));
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill("credentials"));
    expect(codes.slice(20)).toEqual(Array(5).fill("throttled"));

    // The failures carry the real peer address.
    const first = await activity(request, `action=auth.sign_in&actor=${encodeURIComponent(emails[0]!)}`);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ outcome: "failure", ip: from });
    // Five refusals, one audit row.
    const denied = await activity(request, "action=auth.sign_in&outcome=denied&limit=100");
    const ours = denied.items.filter((e) => e.ip === from);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ actorEmail: emails[20], details: { reason: "throttled", limit: "address" } });
    expect(denied.items.filter((e) => emails.includes(e.actorEmail ?? "") && e.ip !== from)).toEqual([]);
  });

  test("parallel guesses on one account get at most 5 password checks", async ({ request }) => {
    const c = await client("127.0.0.8");
    const email = unique("race");
    const codes = await Promise.all(Array.from({ length: 15 }, (_, i) => c.signIn(email, `wrong-${i}-password`)));
    expect(counts(codes)).toEqual({ credentials: 5, throttled: 10 });
    const failures = await activity(request, `action=auth.sign_in&actor=${encodeURIComponent(email)}&outcome=failure`);
    expect(failures.total).toBe(5);
  });

  test("a stranger's failed guesses do not lock the owner out", async ({ request }) => {
    const password = "limits-password-123";
    const { email } = await newMember(request, password);
    const stranger = await client("127.0.0.9");
    for (let i = 0; i < 5; i++) expect(await stranger.signIn(email, `guess-${i}-password`)).toBe("credentials");
    // The stranger's address is done for this account, even with the right password...
    expect(await stranger.signIn(email, password)).toBe("throttled");
    // ...while the owner, elsewhere, signs in.
    const owner = await client("127.0.0.10");
    expect(await owner.signIn(email, password)).toBe("success");
  });

  test("a deactivated account answers like a wrong password, right password or not", async ({ request }) => {
    const password = "limits-password-456";
    const { email, id } = await newMember(request, password);
    const res = await request.patch(`/api/team/${id}`, { headers: SAME_ORIGIN, data: { active: false } });
    expect(res.status()).toBe(200);
    const c = await client("127.0.0.11");
    expect(await c.signIn(email, password)).toBe("credentials");
    expect(await c.signIn(email, "not-the-password")).toBe("credentials");
  });
});

test.describe("the client's headers are not the console's", () => {
  test("a malformed Host is a 400, and a client's X-Forwarded-Host is not even read", async () => {
    for (const host of ["bad host", "a/b@c"]) {
      const res = await call("127.0.0.12", "GET", "/api/auth/session", { headers: { Host: host } });
      expect(res.status, host).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: "bad_request" });
    }
    expect((await call("127.0.0.12", "GET", "/login", { headers: { Host: "bad host" } })).status).toBe(400);
    // No proxy is trusted here (TRUSTED_PROXY_HOPS=0): the header is dropped, not a 500.
    const forwarded = await call("127.0.0.12", "GET", "/api/auth/session", { headers: { "X-Forwarded-Host": "bad host" } });
    expect(forwarded.status).toBe(200);
  });

  test("a client-sent X-Forwarded-Host does not make another origin look like ours", async ({ request }) => {
    const res = await request.post("/api/team", {
      headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      data: { email: unique("xfh"), name: "Never Created", role: "viewer", password: "never-created-123" },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: "cross_origin" });
  });

  test("a client-chosen request id is never the one the console answers with", async ({ request }) => {
    const res = await request.get("/api/activity?limit=10", { headers: { "x-request-id": "client-chosen-request-id" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  test("demo mode listens on 127.0.0.1 only", async () => {
    expect((await call("127.0.0.12", "GET", "/api/auth/csrf")).status).toBe(200);
    await expect(call("127.0.0.12", "GET", "/api/auth/csrf", { to: "127.0.0.2" })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
