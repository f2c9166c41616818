import { expect, request as playwrightRequest, test } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { chooseLanguage, chooseTheme, openUserMenu, signedIn, signOutEverywhere } from "@/e2e/user-menu";

test.describe("the console on the embedded default", () => {
  test("starts against the emulator and renders its shell", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("home-page")).toBeVisible();
    // The skip link is the first stop for the keyboard.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Warehouses", "ERP actions", "Activity", "Team", "Alerts"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Warehouses", exact: true })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Demo mode: connected to the built-in Labs emulator")).toBeVisible();

    await nav.getByRole("link", { name: "ERP actions" }).click();
    await expect(page).toHaveURL(/\/erp$/);
    await expect(page.getByRole("heading", { level: 1, name: "ERP actions" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("home-page")).toBeVisible();
    await expectAccessible(page);
  });

  test("switches language and theme through the user menu, and keeps both across a reload", async ({ page }) => {
    await page.goto("/team");
    // The header has no native theme or language selects any more: one menu holds them.
    await expect(page.locator("header select")).toHaveCount(0);
    await chooseLanguage(page, "Türkçe");
    const nav = page.getByRole("navigation", { name: "Ana menü" });
    await expect(nav.getByRole("link", { name: "Depolar" })).toBeVisible();

    await chooseTheme(page, "Koyu");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1, name: "Ekip" })).toBeVisible();
    // The menu shows what is chosen.
    const menu = await openUserMenu(page);
    await expect(menu.getByRole("menuitemradio", { name: "Koyu" })).toHaveAttribute("aria-checked", "true");
    await expect(menu.getByRole("menuitemradio", { name: "Türkçe" })).toHaveAttribute("aria-checked", "true");
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await chooseTheme(page, "Açık");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await openUserMenu(page);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await chooseLanguage(page, "English");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  });

  test("the user menu works by keyboard: who is signed in, theme, language and sign-out items, Escape returns focus", async ({ page }) => {
    await page.goto("/warehouses");
    const trigger = page.getByTestId("user-menu");
    await expect(trigger).toBeEnabled();
    await expect(trigger).toHaveAccessibleName(/^User menu: Signed in as .+ Role: Admin$/);
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu).toContainText("admin@demo.local");
    await expect(menu).toContainText("Role: Admin");
    // The first item takes focus; arrows move through theme, language and the sign-out items.
    await expect(menu.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: /^Sign out everywhere/ })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Sign out", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    // Chosen by keyboard: the theme changes and the menu closes.
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
    // The menu may settle its first focus after opening; step from the first item until Dark holds focus.
    await expect(async () => {
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitemradio", { name: "Dark" })).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(trigger).toBeFocused();

    // By mouse: a click outside closes it.
    await trigger.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
    await chooseTheme(page, "System");
  });

  test("a phone-sized screen gets a compact header: the nav in a menu, a one-line banner, 44 px targets", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/warehouses");
    const header = page.locator("header");
    await expect(page.getByTestId("user-menu")).toBeEnabled();
    const box = await header.boundingBox();
    expect(box!.height, "header and banner together").toBeLessThan(812 * 0.15);
    const banner = header.getByText("Demo mode: sample data", { exact: true });
    await expect(banner).toBeVisible();
    await expect(header.getByText("Demo mode: connected to the built-in Labs emulator")).toBeHidden();
    expect((await banner.boundingBox())!.height, "the banner is one line").toBeLessThan(24);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    for (const id of ["nav-menu", "user-menu"]) {
      const target = (await page.getByTestId(id).boundingBox())!;
      expect(target.height, id).toBeGreaterThanOrEqual(44);
      expect(target.width, id).toBeGreaterThanOrEqual(44);
    }
    // No sideways scrolling from the header.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId("nav-menu").click();
    const nav = page.getByRole("menu", { name: "Main" });
    await expect(nav.getByRole("menuitem", { name: "Warehouses" })).toHaveAttribute("aria-current", "page");
    for (const item of await nav.getByRole("menuitem").all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await nav.getByRole("menuitem", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

    const menu = await openUserMenu(page);
    for (const item of await menu.getByRole("menuitemradio").all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await chooseTheme(page, "Dark");
    await page.getByTestId("nav-menu").click();
    await expectAccessible(page);
  });

  test("the desktop header is one row at 1024 to 1600 px and beyond, in both languages, with the brand whole", async ({ page }) => {
    await page.goto("/erp");
    try {
      for (const language of ["English", "Türkçe"] as const) {
        if (language === "Türkçe") await chooseLanguage(page, language);
        for (const width of [1024, 1280, 1440, 1600, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          const nav = page.getByRole("navigation", { name: language === "English" ? "Main" : "Ana menü" });
          await expect(nav).toBeVisible();
          const links = await nav.getByRole("link").all();
          const middles: number[] = [];
          for (const link of links) middles.push(await link.boundingBox().then((b) => b!.y + b!.height / 2));
          const where = `${language} at ${width} px`;
          expect(Math.max(...middles) - Math.min(...middles), `${where}: the links share one row`).toBeLessThan(8);
          const row = (await page.locator("header > div").first().boundingBox())!;
          expect(row.height, `${where}: the header is one row`).toBeLessThan(72);
          const brand = page.getByTestId("brand");
          const clipped = await brand.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
          expect(clipped, `${where}: the brand is not clipped`).toBe(false);
          const box = (await brand.boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= row.y + row.height, `${where}: the brand is in view`).toBe(true);
          // Nothing overlaps: every link lies between the brand and the search button.
          const palette = (await page.getByTestId("palette-button").boundingBox())!;
          for (const link of links) {
            const b = (await link.boundingBox())!;
            expect(b.x >= box.x + box.width && b.x + b.width <= palette.x, `${where}: "${await link.innerText()}" sits between the brand and the search`).toBe(true);
          }
          for (const id of ["palette-button", "user-menu"]) {
            const target = (await page.getByTestId(id).boundingBox())!;
            expect(Math.abs(target.y + target.height / 2 - (row.y + row.height / 2)), `${where}: ${id} sits on the row`).toBeLessThan(12);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where}: no sideways scrolling`).toBeLessThanOrEqual(width);
        }
      }
    } finally {
      await chooseLanguage(page, "English");
    }
  });

  test("unknown pages get a not-found page", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("health says the upstream answers, without the token or its address", async ({ request }) => {
    // The answer is reused for a few seconds, so an earlier test's failure may still show.
    await expect.poll(async () => (await (await request.get("/api/health")).json()).status, { timeout: 15_000 }).toBe("pass");
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "pass", mode: "demo", upstream: { reachable: true } });
    expect(text).not.toContain(E2E_UPSTREAM_TOKEN);
    expect(text).not.toContain("127.0.0.1");
    for (const value of Object.values(res.headers())) expect(value).not.toContain(E2E_UPSTREAM_TOKEN);
  });
});

test.describe("health when the upstream fails", () => {
  test.afterEach(async () => {
    await emulator.clearFaults();
  });

  test("warns with the reason (the console itself still serves), still without the token", async ({ request }) => {
    await emulator.addFault({ path: "/v1/stores", kind: "html", status: 502 });
    await expect.poll(async () => (await (await request.get("/api/health")).json()).status, { timeout: 15_000 }).toBe("warn");
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "warn", upstream: { reachable: false, reason: "http", upstreamStatus: 502 }, checks: { "platform:reachable": [{ status: "fail" }] } });
    expect(text).not.toContain(E2E_UPSTREAM_TOKEN);
  });
});

test.describe("health under load", () => {
  test.afterEach(async () => {
    await emulator.clearFaults();
  });

  test("many hits, failing or not, ask the upstream at most once a window and never retry (F-10)", async ({ request }) => {
    const healthCalls = async (since: number) =>
      (await emulator.requests(since)).requests.filter((r) => r.path === "/v1/stores" && r.query.limit === "1").length;
    for (const fault of [null, { path: "/v1/stores", kind: "respond", status: 503 } as const]) {
      if (fault) await emulator.addFault(fault);
      // Let the previous answer expire (5 s, lib/health/probe.ts), then hit the route many times.
      await new Promise((r) => setTimeout(r, 5_500));
      const lastSeq = await emulatorOrders.lastSeq();
      const hits = await Promise.all(Array.from({ length: 40 }, () => request.get("/api/health")));
      for (let i = 0; i < 20; i++) hits.push(await request.get("/api/health"));
      expect(new Set(hits.map((r) => r.status()))).toEqual(new Set([200]));
      expect(new Set(await Promise.all(hits.map(async (r) => (await r.json()).status)))).toEqual(new Set([fault ? "warn" : "pass"]));
      expect(await healthCalls(lastSeq)).toBe(1);
    }
  });
});

test.describe("sign out everywhere, from the user menu", () => {
  const SAME_ORIGIN = { Origin: E2E_BASE_URL };
  const END_ALL = "/api/auth/sessions/end-all";
  test.use({ storageState: { cookies: [], origins: [] } });


  test("ends the member's session in another browser too, is audited, and a refused request says so", async ({ browser }) => {
    const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
    const email = `shell-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.local`;
    const password = "shell-password-123";
    const created = await admin.post("/api/team", { headers: SAME_ORIGIN, data: { email, name: "Shell Member", role: "viewer", password } });
    expect(created.status()).toBe(201);

    const a = await signedIn(browser, email, password);
    const b = await signedIn(browser, email, password);

    // Refused without the console's own origin, and without the confirmation: nothing ends.
    const crossOrigin = await b.context.request.post(END_ALL, { headers: { Origin: "https://evil.example" }, data: { confirm: true } });
    expect(crossOrigin.status()).toBe(403);
    expect(crossOrigin.headers()["content-type"]).toContain("application/problem+json");
    const unconfirmed = await b.context.request.post(END_ALL, { headers: SAME_ORIGIN, data: { confirm: false } });
    expect(unconfirmed.status()).toBe(422);
    expect(await unconfirmed.text()).toContain("confirm");
    await b.page.reload();
    await expect(b.page).toHaveURL(`${E2E_BASE_URL}/`);

    // A (mouse) ends every session of the member.
    await signOutEverywhere(a.page);
    await expect(a.page).toHaveURL(/\/login\?reason=signed_out$/);

    // B still shows the page it had: the request now has no session, and the menu says it failed.
    await signOutEverywhere(b.page);
    await expect(b.page.getByText("Could not sign out everywhere: Your session has ended. Sign in again.")).toBeVisible();
    await expect(b.page).toHaveURL(`${E2E_BASE_URL}/`);
    const anonymous = await b.context.request.post(END_ALL, { headers: SAME_ORIGIN, data: { confirm: true } });
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()["content-type"]).toContain("application/problem+json");
    await b.page.reload();
    await expect(b.page).toHaveURL(/\/login\?reason=expired$/);
    await a.page.goto("/warehouses");
    await expect(a.page).toHaveURL(/\/login/);

    const res = await admin.get(`/api/activity?action=auth.sign_out&actor=${encodeURIComponent(email)}`);
    const { items } = (await res.json()) as { items: { outcome: string; details: Record<string, unknown> | null }[] };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ outcome: "success", details: { scope: "everywhere", sessionsEnded: 2 } });
    await a.context.close();
    await b.context.close();
    await admin.dispose();
  });
});
