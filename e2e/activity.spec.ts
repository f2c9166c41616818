import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { LOCALE_COOKIE } from "@/lib/i18n/config";
import { chooseOption, optionsOf, pickDate } from "@/e2e/fixtures";

// The audit trail. The auth setup signs each demo member in once, so successful auth.sign_in
// events exist for all three before these tests run.

const DEMO = ["admin@demo.local", "operator@demo.local", "viewer@demo.local"] as const;
const CSV_HEADER = '"Time (GMT+3)","Person","Person\'s e-mail","Action","Target","Target type","Target ID","Outcome","Message","Before","After","Details","Request ID","IP address"';

const table = (page: Page) => page.getByTestId("activity-table");
const rows = (page: Page) => page.getByTestId("activity-row");
const params = (page: Page) => new URL(page.url()).searchParams;

/** Waits until the table shows the answer for the current URL (not the previous page's rows). */
async function settled(page: Page) {
  await expect(table(page)).toBeVisible();
  await expect(table(page)).toHaveAttribute("aria-busy", "false");
}

test.describe("activity as an admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("lists the demo members' sign-ins", async ({ page }) => {
    await page.goto("/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId("activity-total")).toContainText(/\d+ events?/);

    // A pasted URL opens the same filtered view; each member has a successful sign-in.
    for (const email of DEMO) {
      await page.goto(`/activity?actor=${encodeURIComponent(email)}&action=auth.sign_in&outcome=success`);
      await settled(page);
      await expect(rows(page).first()).toContainText(email);
      await expect(rows(page).first()).toContainText("Sign-in");
      await expect(rows(page).first()).toContainText("Success");
    }
  });

  test("keeps filters in the URL across reload and back", async ({ page }) => {
    await page.goto("/activity");
    await settled(page);
    const search = page.getByRole("search", { name: "Filter the activity" });

    await chooseOption(search.getByLabel("Action", { exact: true }), "Sign-in");
    await expect(page).toHaveURL(/[?&]action=auth\.sign_in/);
    await chooseOption(search.getByLabel("Person", { exact: true }), "viewer@demo.local");
    await expect(page).toHaveURL(/[?&]actor=viewer(%40|@)demo\.local/);
    expect(params(page).get("action")).toBe("auth.sign_in");
    expect(params(page).get("actor")).toBe("viewer@demo.local");
    expect(params(page).has("page")).toBe(false);

    await settled(page);
    await expect(rows(page).first()).toContainText("viewer@demo.local");
    for (const other of ["admin@demo.local", "operator@demo.local"]) {
      await expect(table(page).getByText(other)).toHaveCount(0);
    }
    await expect(table(page).locator("[data-testid=activity-row]:not([data-action='auth.sign_in'])")).toHaveCount(0);

    await page.reload();
    await settled(page);
    await expect(search.getByLabel("Action", { exact: true })).toHaveText("Sign-in");
    await expect(search.getByLabel("Person", { exact: true })).toHaveText("viewer@demo.local");
    await expect(rows(page).first()).toContainText("viewer@demo.local");
    await expect(table(page).getByText("admin@demo.local")).toHaveCount(0);

    // Expand an event: its details show, and the page stays accessible.
    await rows(page).first().getByRole("button", { name: /^Show/ }).click();
    await expect(page.getByTestId("activity-detail").first()).toContainText("Client address");
    await expectAccessible(page);

    await page.goBack();
    await expect(page).toHaveURL(/[?&]action=auth\.sign_in/);
    expect(params(page).has("actor")).toBe(false);
    // Wait for the view to follow before going back again, as a person would.
    await expect(search.getByLabel("Person", { exact: true })).toHaveText("Everyone");
    await expect(search.getByLabel("Action", { exact: true })).toHaveText("Sign-in");
    await page.goBack();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(search.getByLabel("Action", { exact: true })).toHaveText("All actions");
    await expect(search.getByLabel("Person", { exact: true })).toHaveText("Everyone");
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
  });

  test("shows the no-match state and clears the filters", async ({ page }) => {
    await page.goto("/activity");
    await settled(page);
    const search = page.getByRole("search", { name: "Filter the activity" });
    await pickDate(search.getByLabel("From", { exact: true }), "2001-01-01");
    await expect(page).toHaveURL(/[?&]from=2001-01-01/);
    await expect(search.getByLabel("From", { exact: true })).toHaveText("1 Jan 2001");
    await pickDate(search.getByLabel("To", { exact: true }), "2001-01-31");
    await expect(page).toHaveURL(/[?&]to=2001-01-31/);

    const noMatch = page.getByTestId("activity-no-match");
    await expect(noMatch.getByRole("heading", { name: "No events match these filters" })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expectAccessible(page);

    await noMatch.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
  });

  test("picks the dates from a calendar in Turkish, by keyboard, with the dates shown the console's way", async ({ page }) => {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "tr", url: E2E_BASE_URL }]);
    await page.goto("/activity");
    await settled(page);
    const from = page.getByRole("search", { name: "Etkinliği filtrele" }).getByLabel("Başlangıç", { exact: true });
    await expect(from).toHaveText("Tarih seçin");
    await from.click();
    const picker = page.getByRole("dialog", { name: "Takvim" });
    const now = new Date();
    const month = new Intl.DateTimeFormat("tr", { month: "long", year: "numeric", timeZone: "Europe/Istanbul" }).format(now);
    await expect(picker).toContainText(month);
    await expect(picker.locator(".rdp-weekday").first()).toHaveText("Pt");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(picker).toHaveCount(0);
    await expect(from).toBeFocused();

    const first = `${new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(now).slice(0, 8)}01`;
    await pickDate(from, first);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${first}`));
    await expect(from).toHaveText(new RegExp(`^1 ${new Intl.DateTimeFormat("tr", { month: "short", timeZone: "UTC" }).format(new Date(`${first}T12:00:00Z`))} \\d{4}$`));
    await page.context().clearCookies({ name: LOCALE_COOKIE });
  });

  test("filters by target as typed, after a pause", async ({ page }) => {
    await page.goto("/activity");
    await settled(page);
    const target = page.getByRole("search").getByLabel("Target", { exact: true });
    await target.fill("member:999999");
    await expect(page).toHaveURL(/[?&]target=member(%3A|:)999999/);
    expect(params(page).get("target")).toBe("member:999999");
    await expect(page.getByTestId("activity-no-match")).toBeVisible();

    await target.fill("x".repeat(201));
    await expect(page.getByText("A target is at most 200 characters")).toBeVisible();
    await page.goBack();
    await expect(target).toHaveValue("member:999999");
  });

  test("an edit reads as the console's sentence, with the warehouse's name, field labels and the member's name, in either language", async ({ page }) => {
    const t = Date.now().toString(36).toUpperCase();
    const [name, code] = [`Trail Depo ${t}`, `TRL-${t}`];
    const created = await page.request.post("/api/warehouses", { headers: { Origin: E2E_BASE_URL }, data: { name, code } });
    expect(created.status()).toBe(201);
    const { warehouse } = (await created.json()) as { warehouse: { id: number } };
    expect((await page.request.put(`/api/warehouses/${warehouse.id}`, { headers: { Origin: E2E_BASE_URL }, data: { isActive: false } })).status()).toBe(200);

    await page.goto("/activity");
    await settled(page);
    await page.getByRole("search").getByLabel("Target", { exact: true }).fill(code.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]target=${code.toLowerCase()}`));
    await settled(page);
    await expect(rows(page)).toHaveCount(2);
    const edit = table(page).locator("[data-testid=activity-row][data-action='warehouse.update']");
    await expect(edit).toContainText(`Ayşe Admin edited warehouse ${name} (${code})`);
    await expect(edit).not.toContainText("başarılı");
    await expect(edit.getByRole("link", { name: `${name} (${code})` })).toHaveAttribute("href", `/warehouses/${warehouse.id}`);
    await edit.getByRole("button", { name: /^Show/ }).click();
    const diff = page.getByTestId("activity-diff");
    await expect(diff.getByRole("row", { name: /Active/ })).toContainText(/Active\s*yes\s*no/);
    await expectAccessible(page);

    // The warehouse's own history reads the same way, and its link names the warehouse.
    await edit.getByRole("link", { name: `${name} (${code})` }).click();
    const history = page.getByTestId("target-history");
    await expect(history.getByRole("listitem").first()).toContainText(`Ayşe Admin edited warehouse ${name} (${code})`);
    await expect(history.getByRole("listitem").first()).toContainText("Active: yes → no");
    await expect(history.getByRole("link", { name: `See all activity for ${name} (${code})` })).toBeVisible();
    await page.goBack();
    await settled(page);

    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "tr", url: E2E_BASE_URL }]);
    await page.reload();
    await settled(page);
    const tr = table(page).locator("[data-testid=activity-row][data-action='warehouse.update']");
    await expect(tr).toContainText(`Ayşe Admin depoyu düzenledi: ${name} (${code})`);
    await expect(table(page).locator("[data-testid=activity-row][data-action='warehouse.create']")).toContainText(`Ayşe Admin depo ekledi: ${name} (${code})`);
    await tr.getByRole("button", { name: /^Göster/ }).click();
    await expect(page.getByTestId("activity-diff").getByRole("row", { name: /Aktif/ })).toContainText(/Aktif\s*evet\s*hayır/);
    await expectAccessible(page);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: E2E_BASE_URL }]);
  });

  test("a bad value in a pasted URL falls back to the default view", async ({ page }) => {
    await page.goto("/activity?limit=7&page=abc&outcome=maybe");
    await settled(page);
    await expect(page.getByLabel("Rows per page")).toHaveText("25");
    await expect(page.getByRole("search").getByLabel("Outcome", { exact: true })).toHaveText("All outcomes");
  });

  test("downloads the filtered events as CSV", async ({ page }) => {
    await page.goto("/activity?action=auth.sign_in");
    await settled(page);
    const link = page.getByRole("link", { name: "Download CSV" });
    await expect(link).toHaveAttribute("href", "/api/activity/export?action=auth.sign_in");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const text = await readFile((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length).toBeGreaterThan(1);
    expect(text).toContain('"Sign-in"');
    for (const email of DEMO) expect(text).toContain(email);
  });

  test("the API validates its query", async ({ page }) => {
    const bad = await page.request.get("/api/activity?limit=7");
    expect(bad.status()).toBe(422);
    expect(bad.headers()["content-type"]).toContain("application/problem+json");
    const badBody = await bad.json();
    expect(badBody.errors).toHaveProperty("limit");
    expect(badBody.detail).toContain("limit");

    const unknown = await page.request.get("/api/activity?bogus=1");
    expect(unknown.status()).toBe(422);
    expect((await unknown.json()).errors).toHaveProperty("bogus");

    const ok = await page.request.get("/api/activity?limit=10&action=auth.sign_in");
    expect(ok.status()).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ page: 1, limit: 10 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items.length).toBeLessThanOrEqual(10);
    for (const item of body.items) expect(item.action).toBe("auth.sign_in");

    const csv = await page.request.get("/api/activity/export?outcome=success");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}-\d{4}\.csv"; filename\*=UTF-8''activity-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  });
});

test.describe("activity's Person filter", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("lists the team's members, not the emails people typed at a failed sign-in", async ({ page, playwright, baseURL }) => {
    // A failed sign-in with an address that is no member's: it is in the trail, not in the menu.
    const typed = `typed-${Date.now()}@nowhere.test`;
    const stranger = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const { csrfToken } = await (await stranger.get("/api/auth/csrf")).json();
    const attempt = await stranger.post("/api/auth/callback/credentials", { form: { csrfToken, email: typed, password: "not-the-password" }, maxRedirects: 0 });
    expect(attempt.headers()["location"]).toContain("error=");
    await stranger.dispose();
    const trail = await page.request.get(`/api/activity?actor=${encodeURIComponent(typed)}`);
    expect((await trail.json()).total, "the failed sign-in is in the trail").toBeGreaterThanOrEqual(1);

    await page.goto("/activity");
    await settled(page);
    const person = page.getByRole("search", { name: "Filter the activity" }).getByLabel("Person", { exact: true });
    const options = await optionsOf(person);
    for (const email of DEMO) expect(options).toContain(email);
    expect(options).not.toContain(typed);

    // A link that names the address still filters by it (the menu shows it as the current value).
    await page.goto(`/activity?actor=${encodeURIComponent(typed)}`);
    await settled(page);
    await expect(person).toHaveText(typed);
    await expect(rows(page).first()).toContainText(typed);
  });
});

test.describe("activity as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("can see the page", async ({ page }) => {
    await page.goto("/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await settled(page);
    await expect(rows(page).first()).toBeVisible();
    await expectAccessible(page);
  });
});
