import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { chooseOption } from "@/e2e/fixtures";

// Import schedules: an operator saves "every minute" and its start shows up, scheduled, in the
// imports list on /erp (and once in the emulator's request log); an invalid cron expression is a
// message on its field and nothing is saved; a viewer sees the actions disabled with the reason.
// Every schedule made here is deleted again, so it starts nothing during the specs after this one.

const KINDS = [
  { kind: "products", name: "Products", path: "/v1/action/products-erp-sync" },
  { kind: "prices", name: "Prices", path: "/v1/action/products-price-erp-sync" },
  { kind: "stock", name: "Stock", path: "/v1/action/products-qty-erp-sync" },
] as const;

interface ScheduleRow {
  id: string;
  name: string | null;
  history: { outcome: string; reason: string | null; importRunId: number | null }[];
}

async function schedules(api: APIRequestContext): Promise<ScheduleRow[]> {
  const res = await api.get("/api/erp/schedules");
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

async function deleteMine(api: APIRequestContext, prefix: string) {
  for (const s of await schedules(api)) {
    if (s.name?.startsWith(prefix)) expect((await api.delete(`/api/erp/schedules/${s.id}`, { headers: { origin: E2E_BASE_URL } })).status()).toBe(200);
  }
}

/** A kind no one started within the repeat window (other specs start all three); else the first start is rightly skipped. */
async function freeKind(page: Page) {
  const res = await page.request.get("/api/erp/imports");
  const body = (await res.json()) as { latest: Record<string, { startedAt: string; outcome: string; mayHaveActed: boolean } | null>; windowMinutes: number };
  const since = Date.now() - body.windowMinutes * 60_000;
  const counts = (r: { startedAt: string; outcome: string; mayHaveActed: boolean } | null) =>
    r !== null && Date.parse(r.startedAt) >= since && (r.outcome !== "failed" || r.mayHaveActed);
  return KINDS.find((k) => !counts(body.latest[k.kind] ?? null)) ?? null;
}

test.describe("schedules as operator", () => {
  test.use({ storageState: storageStateFor("operator") });
  const prefix = `E2E ${Date.now().toString(36)}`;

  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateFor("operator"), baseURL: E2E_BASE_URL });
    await deleteMine(context.request, prefix);
    await context.close();
  });

  test("an invalid cron expression is a message on the field, and nothing is saved", async ({ page }) => {
    const before = (await schedules(page.request)).length;
    await page.goto("/erp/schedules");
    await page.getByTestId("schedule-new").click();
    await expect(page).toHaveURL(/edit=new/);
    const form = page.getByTestId("schedule-form");
    await chooseOption(form.getByLabel("Repeat"), "Cron expression");
    await form.getByLabel("Cron expression").fill("61 * * * *");
    await form.getByLabel("Time zone").fill("Europe/Atlantis");
    // The active hours are 24-hour text whatever the browser's language: "7" becomes 07:00 on leaving it; "25" is refused.
    const [opens, closes] = [form.getByLabel("Active from"), form.getByLabel("Active until")];
    await expect(opens).toHaveAttribute("placeholder", "HH:MM");
    await opens.fill("7");
    await closes.fill("25");
    await closes.blur();
    await expect(opens).toHaveValue("07:00");
    await expect(closes).toHaveValue("25");
    await form.getByTestId("schedule-submit").click();
    await expect(closes).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Write the time as HH:MM (24-hour).")).toBeVisible();
    await expect(form.getByText("This is not a valid cron expression (five fields: minute hour day-of-month month day-of-week).")).toBeVisible();
    await expect(form.getByText("Unknown time zone. Use an IANA name such as Europe/Istanbul.")).toBeVisible();
    await expect(form.getByLabel("Cron expression")).toHaveAttribute("aria-invalid", "true");
    // The form is bookmarkable: a reload keeps it open.
    await page.reload();
    await expect(page.getByTestId("schedule-form")).toBeVisible();
    expect((await schedules(page.request)).length).toBe(before);
    await expectAccessible(page);
  });

  test("every minute: the start appears within a minute and a half, scheduled, in the imports list, with one call to the platform", async ({ page }) => {
    test.setTimeout(150_000);
    // A scheduled start within another start's repeat window is (rightly) skipped: wait for a free kind (window: 1 minute here).
    let free = await freeKind(page);
    await expect.poll(async () => (free = await freeKind(page)), { timeout: 75_000, intervals: [3_000] }).not.toBeNull();
    const { kind, name: kindName, path } = free!;
    const name = `${prefix} ${kind}`;
    const { lastSeq } = await emulator.requests();

    await page.goto("/erp");
    await page.getByTestId("schedules-link").click();
    await expect(page).toHaveURL(/\/erp\/schedules$/);
    await page.getByTestId("schedule-new").click();
    const form = page.getByTestId("schedule-form");
    await chooseOption(form.getByLabel("Import"), kindName);
    await form.getByLabel("Name (optional)").fill(name);
    await chooseOption(form.getByLabel("Repeat"), "Every N minutes");
    await chooseOption(form.getByLabel("Interval"), "1 minute");
    await expect(form.getByLabel("Time zone")).toHaveValue("Europe/Istanbul");
    await expect(form.getByTestId("schedule-preview").getByRole("listitem")).toHaveCount(3);
    await form.getByTestId("schedule-submit").click();
    await expect(page.getByTestId("schedule-form")).toBeHidden();
    await expect(page).not.toHaveURL(/edit=/);

    const row = page.getByTestId("schedule-row").filter({ hasText: name });
    await expect(row.getByTestId("schedule-rule")).toHaveText("Every 1 minute");
    await expect(row.getByTestId("schedule-quiet")).toHaveText("Any time");
    await expect(row.getByTestId("schedule-next")).toContainText(/GMT\+3|TRT/);
    const id = await row.getAttribute("data-id");

    // Due at the next whole minute; the tick takes it within seconds.
    await expect
      .poll(async () => (await schedules(page.request)).find((s) => s.id === id)?.history.at(-1)?.outcome ?? "none", { timeout: 90_000, intervals: [2_000] })
      .toBe("started");

    await page.reload();
    await expect(row.getByTestId("schedule-last")).toContainText("Started");
    await row.getByTestId("schedule-history-toggle").click();
    await expect(page).toHaveURL(new RegExp(`history=${id}`));
    await expect(page.getByTestId("schedule-history-row").last()).toContainText("Started");

    // Pause now, so that no second start comes while the rest is checked.
    await row.getByTestId("schedule-pause").click();
    await expect(row).toHaveAttribute("data-paused", "1");
    await expect(row.getByTestId("schedule-next")).toHaveText("None while paused");

    await page.goto(`/erp?import=${kind}`);
    const importRow = page.getByTestId("imports-row").filter({ hasText: `schedule “${name}”` }).first();
    await expect(importRow).toBeVisible();
    await expect(importRow).toContainText("Scheduled");
    await expect(importRow).toContainText(kindName);
    await expect(page.getByTestId(`import-card-${kind}`).getByTestId("import-status")).toContainText(`schedule “${name}”`);

    // The home page's imports tile names the schedule as the last starter of this kind.
    await page.goto("/");
    await expect(page.getByTestId(`home-import-${kind}`).getByTestId("home-import-last")).toContainText(`Started by the schedule “${name}”`);

    const { requests } = await emulator.requests(lastSeq);
    expect(requests.filter((r) => r.method === "POST" && r.path === path)).toHaveLength(1);

    // Delete with confirm.
    await page.goto("/erp/schedules");
    await row.getByTestId("schedule-delete").click();
    const dialog = page.getByTestId("schedule-delete-dialog");
    await dialog.getByRole("button", { name: "Delete schedule" }).click();
    await expect(row).toHaveCount(0);
  });
});

test.describe("schedules as viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("sees the schedules with the actions disabled and the reason given", async ({ page }) => {
    await page.goto("/erp/schedules");
    await expect(page).toHaveTitle("Schedules · Labs Console");
    const create = page.getByTestId("schedule-new");
    await expect(create).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByText("Your role (Viewer) can see schedules but not change them; operators and admins can.")).toBeVisible();
    // A bookmarked form is not offered to a viewer either.
    await page.goto("/erp/schedules?edit=new");
    await expect(page.getByTestId("schedules-page")).toBeVisible();
    await expect(page.getByTestId("schedule-form")).toHaveCount(0);
  });
});
