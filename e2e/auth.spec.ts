import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_OIDC } from "@/test/env";
import { signOut } from "@/e2e/user-menu";

// Sign-in, sign-out, redirects, throttling, SSO through a real OIDC provider, and the role and
// active flag being read on every request.

const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

async function activity(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/activity?${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { items: { action: string; outcome: string; actorEmail: string | null; details: unknown }[] };
}

test.describe("password sign-in", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const [role, label] of [
    ["admin", "Admin"],
    ["operator", "Operator"],
    ["viewer", "Viewer"],
  ] as const) {
    test(`${role} signs in and out`, async ({ page }) => {
      await page.goto("/warehouses");
      await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fwarehouses$/);
      await expectAccessible(page);
      await signIn(page, `${role}@demo.local`);
      await expect(page).toHaveURL(/\/warehouses$/);
      await expect(page.getByTestId("signed-in-user")).toContainText(`Role: ${label}`);
      await signOut(page);
      await expect(page).toHaveURL(/\/login\?reason=signed_out$/);
      await expect(page.getByRole("status")).toHaveText("You have been signed out.");
      await page.goto("/team");
      await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fteam$/);
    });
  }

  test("returns to the page that was asked for, query included", async ({ page }) => {
    await page.goto("/activity?action=auth.sign_in");
    await expect(page).toHaveURL(/callbackUrl=%2Factivity%3Faction%3Dauth.sign_in/);
    await signIn(page, "viewer@demo.local");
    await expect(page).toHaveURL(/\/activity\?action=auth\.sign_in$/);
  });

  test("never redirects off the console after sign-in", async ({ page }) => {
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await signIn(page, "viewer@demo.local");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  });

  test("with no page asked for, sign-in lands on the home page; the login page shows the demo accounts and styled controls", async ({ page }) => {
    await page.goto("/login");
    const demo = page.getByTestId("demo-accounts");
    await expect(demo.getByTestId("demo-account")).toHaveText(["admin@demo.local · Ayşe Admin · Admin", "operator@demo.local · Onur Operator · Operator", "viewer@demo.local · Veli Viewer · Viewer"]);
    await expect(demo.getByTestId("demo-password")).toHaveText(`Password for all three: ${DEMO_PASSWORD}`);
    // The theme and language menus keep their labels on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId("theme-switch")).toHaveText("Theme: System");
    await expect(page.getByTestId("locale-switch")).toHaveText("Language: English");
    // The menus replace their disabled placeholders once loaded; measure the loaded buttons.
    await expect(page.getByTestId("theme-switch")).toBeEnabled();
    await expect(page.getByTestId("locale-switch")).toBeEnabled();
    // Shown, not only read out: each label takes its own width on the button.
    for (const label of [/^Theme: /, /^Language: /]) await expect.poll(async () => (await page.getByText(label).boundingBox())?.width ?? 0).toBeGreaterThan(60);
    await page.getByTestId("theme-switch").click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByTestId("theme-switch")).toHaveText("Theme: Dark");
    await expectAccessible(page);
    await signIn(page, "operator@demo.local");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(page.getByTestId("home-page")).toBeVisible();
  });

  test("a wrong password and an unknown email get the same message", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, "operator@demo.local", "not-the-password");
    const error = page.getByTestId("login-error");
    await expect(error).toHaveText("Email or password is incorrect.");
    await expect(page.getByLabel("Email")).toHaveValue("operator@demo.local");
    await signIn(page, "nobody-here@demo.local", "whatever-password");
    await expect(error).toHaveText("Email or password is incorrect.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("form errors name the field before anything is sent", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("throttles an account after repeated failures", async ({ page }) => {
    const email = `${unique("throttle")}@demo.local`;
    await page.goto("/login");
    const error = page.getByTestId("login-error");
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-${i}-password`);
      await expect(error).toHaveText("Email or password is incorrect.");
      await page.getByLabel("Password").fill("");
    }
    await signIn(page, email, "wrong-again-password");
    await expect(error).toHaveText("Too many failed attempts. Try again in 15 minutes.");
  });

  test("a forged session cookie is refused", async ({ page, context, request }) => {
    await context.addCookies([{ name: "authjs.session-token", value: "forged.value.here", url: E2E_BASE_URL }]);
    await page.goto("/warehouses");
    await expect(page).toHaveURL(/\/login/);
    const api = await request.get("/api/team", { headers: { Cookie: "authjs.session-token=forged.value.here" } });
    expect(api.status()).toBe(401);
    expect(api.headers()["content-type"]).toContain("application/problem+json");
  });
});

test.describe("single sign-on through the test OIDC provider", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  async function ssoAs(page: Page, login: string) {
    await page.goto("/login");
    await page.getByRole("button", { name: `Sign in with ${E2E_OIDC.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/`));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    const consent = page.getByRole("button", { name: "Continue" });
    await consent.or(page.getByTestId("signed-in-user")).or(page.getByRole("heading", { name: "Sign in" })).first().waitFor();
    if (await consent.isVisible()) await consent.click();
  }

  test("an allow-listed address enters with its role", async ({ page }) => {
    await ssoAs(page, "sso-admin@acme.test");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(page.getByTestId("signed-in-user")).toContainText("Role: Admin");
    const events = await activity(page.request, "action=auth.sign_in&actor=sso-admin%40acme.test");
    expect(events.items[0]).toMatchObject({ outcome: "success", details: { method: "sso" } });
  });

  test("a domain entry gives its role to a new member", async ({ page }) => {
    await ssoAs(page, `${unique("clerk")}@acme.test`);
    await expect(page.getByTestId("signed-in-user")).toContainText("Role: Viewer");
  });

  test("an address not on the allow-list is refused", async ({ page }) => {
    await ssoAs(page, "outsider@evil.test");
    await expect(page).toHaveURL(/\/login\?error=sso_refused/);
    await expect(page.getByRole("status")).toContainText("Single sign-on refused");
    await page.goto("/warehouses");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("role and active flag are read on every request", () => {
  test("a role change and a deactivation take effect on the member's next request", async ({ browser, request }) => {
    const email = `${unique("member")}@demo.local`;
    const password = "member-password-123";
    const created = await request.post("/api/team", {
      headers: SAME_ORIGIN,
      data: { email, name: "Test Member", role: "viewer", password },
    });
    expect(created.status()).toBe(201);
    const { member } = (await created.json()) as { member: { id: number } };

    const { context, page } = await freshPage(browser);
    await page.goto("/login");
    await signIn(page, email, password);
    await expect(page.getByTestId("signed-in-user")).toContainText("Role: Viewer");

    // A role change ends the member's sessions; the next sign-in carries the new role.
    const promoted = await request.patch(`/api/team/${member.id}`, { headers: SAME_ORIGIN, data: { role: "operator" } });
    expect(promoted.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?reason=expired$/);
    await signIn(page, email, password);
    await expect(page.getByTestId("signed-in-user")).toContainText("Role: Operator");

    const deactivated = await request.patch(`/api/team/${member.id}`, { headers: SAME_ORIGIN, data: { active: false } });
    expect(deactivated.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?reason=inactive$/);
    await expect(page.getByRole("status")).toHaveText("You have been signed out: your account is no longer active.");
    expect((await page.request.get("/api/team")).status()).toBe(401);

    // Signing in again is refused like a wrong password, so the answer never confirms the password.
    await signIn(page, email, password);
    await expect(page.getByTestId("login-error")).toHaveText("Email or password is incorrect.");
    await context.close();

    const updates = await activity(request, `action=member.update&target=member:${member.id}`);
    expect(updates.items.length).toBeGreaterThanOrEqual(2);
    const failures = await activity(request, `action=auth.sign_in&actor=${encodeURIComponent(email)}&outcome=failure`);
    expect(failures.items.length).toBeGreaterThanOrEqual(1);
    const signOuts = await activity(request, "action=auth.sign_out");
    expect(signOuts.items.length).toBeGreaterThanOrEqual(1);
  });
});

test.describe("defence in depth", () => {
  test("pages carry the security headers and a nonce CSP", async ({ page }) => {
    const res = await page.goto("/warehouses");
    const headers = res!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    // Served over http here: no HSTS (it is only sent on https).
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  test("the session cookie is httpOnly and SameSite=Lax", async ({ context }) => {
    const cookie = (await context.cookies()).find((c) => c.name === "authjs.session-token");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });
});
