import { expect, test } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator, emulatorOrders } from "@/e2e/emulator";
import { E2E_UPSTREAM_TOKEN } from "@/e2e/env";

test.describe("the console on the embedded default", () => {
  test("starts against the emulator and renders its shell", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("home-page")).toBeVisible();
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

  test("switches language and theme, and keeps both across a reload", async ({ page }) => {
    await page.goto("/team");
    await page.getByTestId("locale-switch").selectOption("tr");
    const nav = page.getByRole("navigation", { name: "Ana menü" });
    await expect(nav.getByRole("link", { name: "Depolar" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");

    await page.getByTestId("theme-switch").selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("heading", { level: 1, name: "Ekip" })).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId("theme-switch").selectOption("light");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expectAccessible(page);
  });

  test("unknown pages get a not-found page", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("health says the upstream answers, without the token or its address", async ({ request }) => {
    // The answer is reused for a few seconds, so an earlier test's failure may still show.
    await expect.poll(async () => (await request.get("/api/health")).status(), { timeout: 15_000 }).toBe(200);
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "ok", mode: "demo", upstream: { reachable: true } });
    expect(text).not.toContain(E2E_UPSTREAM_TOKEN);
    expect(text).not.toContain("127.0.0.1");
    for (const value of Object.values(res.headers())) expect(value).not.toContain(E2E_UPSTREAM_TOKEN);
  });
});

test.describe("health when the upstream fails", () => {
  test.afterEach(async () => {
    await emulator.clearFaults();
  });

  test("answers 503 with the reason, still without the token", async ({ request }) => {
    await emulator.addFault({ path: "/v1/stores", kind: "html", status: 502 });
    await expect.poll(async () => (await request.get("/api/health")).status(), { timeout: 15_000 }).toBe(503);
    const res = await request.get("/api/health");
    expect(res.status()).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: "degraded", upstream: { reachable: false, reason: "http", upstreamStatus: 502 } });
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
      expect(new Set(hits.map((r) => r.status()))).toEqual(new Set([fault ? 503 : 200]));
      expect(await healthCalls(lastSeq)).toBe(1);
    }
  });
});
