import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, E2E_BASE_URL, storageStateFor } from "@/test/env";
import { signedIn, signOut, signOutEverywhere } from "@/e2e/user-menu";

// Sessions end on the server: sign-out, "sign out everywhere" and a password change refuse the
// cookie the browser held before. Each test uses a throwaway member or a fresh sign-in, so the
// stored sessions of the demo members (e2e/auth.setup.ts) stay valid for the other specs.

const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const COOKIE = "authjs.session-token";
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
});
test.afterAll(async () => admin.dispose());
test.use({ storageState: { cookies: [], origins: [] } });

async function throwawayMember(role: "viewer" | "operator" = "viewer") {
  const email = `${unique("session")}@demo.local`;
  const password = "session-password-123";
  const res = await admin.post("/api/team", { headers: SAME_ORIGIN, data: { email, name: "Session Member", role, password } });
  expect(res.status()).toBe(201);
  const { member } = (await res.json()) as { member: { id: number } };
  return { id: member.id, email, password };
}

/** What /api/team answers to a request that carries only this cookie. */
async function statusWith(cookie: string): Promise<number> {
  const bare = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
  try {
    return (await bare.get("/api/team", { headers: { Cookie: `${COOKIE}=${cookie}` } })).status();
  } finally {
    await bare.dispose();
  }
}

test("a cookie kept from before sign-out is refused", async ({ browser }) => {
  const { context, page, cookie } = await signedIn(browser, "viewer@demo.local", DEMO_PASSWORD);
  expect(await statusWith(cookie)).toBe(200);
  await signOut(page);
  await expect(page).toHaveURL(/\/login\?reason=signed_out$/);
  expect(await statusWith(cookie)).toBe(401);
  // Replaying the old cookie into a browser lands on the sign-in page, not the dashboard.
  await context.addCookies([{ name: COOKIE, value: cookie, url: E2E_BASE_URL }]);
  await page.goto("/warehouses");
  await expect(page).toHaveURL(/\/login/);
  await context.close();

  // Only that session ended: the viewer's stored session still works.
  const stored = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("viewer") });
  expect((await stored.get("/api/team")).status()).toBe(200);
  await stored.dispose();
});

test("a cookie from before a password change is refused", async ({ browser }) => {
  const m = await throwawayMember();
  const { context, page, cookie } = await signedIn(browser, m.email, m.password);
  expect(await statusWith(cookie)).toBe(200);

  const changed = await admin.patch(`/api/team/${m.id}`, { headers: SAME_ORIGIN, data: { password: "a-new-password-456" } });
  expect(changed.status()).toBe(200);
  expect(await statusWith(cookie)).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?reason=expired$/);
  await expect(page.getByRole("status")).toHaveText("Your session has ended. Sign in again to continue.");
  await context.close();

  // The new password starts a new session.
  const again = await signedIn(browser, m.email, "a-new-password-456");
  expect(await statusWith(again.cookie)).toBe(200);
  await again.context.close();
});

test("sign out everywhere ends the member's session in another browser", async ({ browser }) => {
  const m = await throwawayMember("operator");
  const first = await signedIn(browser, m.email, m.password);
  const second = await signedIn(browser, m.email, m.password);
  expect(await statusWith(second.cookie)).toBe(200);

  await signOutEverywhere(first.page);
  await expect(first.page).toHaveURL(/\/login\?reason=signed_out$/);
  expect(await statusWith(first.cookie)).toBe(401);
  expect(await statusWith(second.cookie)).toBe(401);
  await second.page.reload();
  await expect(second.page).toHaveURL(/\/login\?reason=expired$/);
  await first.context.close();
  await second.context.close();

  const res = await admin.get(`/api/activity?action=auth.sign_out&actor=${encodeURIComponent(m.email)}`);
  const { items } = (await res.json()) as { items: { outcome: string; details: Record<string, unknown> | null }[] };
  expect(items[0]).toMatchObject({ outcome: "success", details: { scope: "everywhere" } });
});

test("a role change ends the member's sessions; signing in again gives the new role", async ({ browser }) => {
  const m = await throwawayMember();
  const { context, page, cookie } = await signedIn(browser, m.email, m.password);
  await expect(page.getByTestId("signed-in-user")).toContainText("Role: Viewer");
  expect((await admin.patch(`/api/team/${m.id}`, { headers: SAME_ORIGIN, data: { role: "operator" } })).status()).toBe(200);
  expect(await statusWith(cookie)).toBe(401);
  await context.close();
  const again = await signedIn(browser, m.email, m.password);
  await expect(again.page.getByTestId("signed-in-user")).toContainText("Role: Operator");
  await again.context.close();
});
