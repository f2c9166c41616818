import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_OIDC, storageStateFor } from "@/test/env";

// Who single sign-on lets in, against the real test OIDC provider (e2e/oidc/provider.ts). The
// login name picks the claims the provider asserts: "email#verified=absent", "#sub=other", ...

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

interface AuditItem {
  action: string;
  outcome: string;
  actorEmail: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
});
test.afterAll(async () => admin.dispose());

async function signInEvents(email: string): Promise<AuditItem[]> {
  const res = await admin.get(`/api/activity?action=auth.sign_in&actor=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: AuditItem[] }).items;
}

async function teamEmails(): Promise<string[]> {
  const res = await admin.get("/api/team");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { email: string }[] }).items.map((m) => m.email);
}

/** One SSO round trip in a fresh browser context (the provider remembers its own session). */
async function ssoAs(browser: Browser, login: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: `Sign in with ${E2E_OIDC.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  await consent.or(page.getByTestId("signed-in-user")).or(page.getByRole("heading", { name: "Sign in" })).first().waitFor();
  if (await consent.isVisible()) await consent.click();
  await page.waitForURL((url) => url.origin === E2E_BASE_URL && url.pathname !== "/api/auth/callback/oidc");
  return { page, close: () => context.close() };
}

async function expectRefused(page: Page) {
  await expect(page).toHaveURL(/\/login\?error=sso_refused/);
  await expect(page.getByRole("status")).toContainText("Single sign-on refused");
  await page.goto("/warehouses");
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/team")).status()).toBe(401);
}

test.describe("single sign-on identity", () => {
  test("an allow-listed address with email_verified true enters, and the trail has the client address", async ({ browser }) => {
    const email = `${unique("ok")}@acme.test`;
    const { page, close } = await ssoAs(browser, email);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByTestId("signed-in-user")).toContainText("Role: Viewer");
    await close();
    const [event] = await signInEvents(email);
    expect(event).toMatchObject({ outcome: "success", details: { method: "sso" } });
    expect(event!.ip).toMatch(/127\.0\.0\.1|^::1$/);
  });

  for (const [flag, why] of [
    ["verified=absent", "a missing email_verified"],
    ["verified=false", "email_verified false"],
    ["verified=string-false", 'email_verified "false" (a string)'],
    ["verified=string-true", 'email_verified "true" (a string, not true)'],
  ] as const) {
    test(`${why} is refused`, async ({ browser }) => {
      const email = `${unique("unverified")}@acme.test`;
      const { page, close } = await ssoAs(browser, `${email}#${flag}`);
      await expectRefused(page);
      await close();
      expect(await teamEmails()).not.toContain(email);
      const [event] = await signInEvents(email);
      expect(event).toMatchObject({ outcome: "denied", details: { method: "sso", reason: "email not verified" } });
      expect(event!.ip).toMatch(/127\.0\.0\.1|^::1$/);
    });
  }

  test("the email of a password-only member is refused, even though the provider verified it", async ({ browser }) => {
    const { page, close } = await ssoAs(browser, "admin@demo.local");
    await expectRefused(page);
    await close();
    const [event] = await signInEvents("admin@demo.local");
    expect(event).toMatchObject({ outcome: "denied", details: { method: "sso", reason: "password member not linked to SSO" } });
    // The stored admin session is untouched.
    expect((await admin.get("/api/team")).status()).toBe(200);
  });

  test("after the first entry the member is bound to the provider's subject: another sub for the same email is refused", async ({ browser }) => {
    const email = `${unique("bound")}@acme.test`;
    const first = await ssoAs(browser, email);
    await expect(first.page.getByTestId("signed-in-user")).toContainText("Role: Viewer");
    await first.close();

    const impostor = await ssoAs(browser, `${email}#sub=someone-else`);
    await expectRefused(impostor.page);
    await impostor.close();
    const [event] = await signInEvents(email);
    expect(event).toMatchObject({ outcome: "denied", details: { method: "sso", reason: "another identity is bound to this member" } });

    const again = await ssoAs(browser, email);
    await expect(again.page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await again.close();
  });

  test("an address that only folds to an allowed one (Kelvin sign) is refused and creates nobody", async ({ browser }) => {
    const local = unique("kelvin");
    const { page, close } = await ssoAs(browser, `\u212A${local.slice(1)}@acme.test`);
    await expectRefused(page);
    await close();
    expect(await teamEmails()).not.toContain(`k${local.slice(1)}@acme.test`);
  });

  test("a name with a bidi override is refused like on the Team page", async ({ browser }) => {
    const email = `${unique("bidi")}@acme.test`;
    const { page, close } = await ssoAs(browser, `${email}#name=bidi`);
    await expectRefused(page);
    await close();
    expect(await teamEmails()).not.toContain(email);
  });
});
