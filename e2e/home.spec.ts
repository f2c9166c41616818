import { expect, request, test, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { chooseLanguage, chooseTheme } from "@/e2e/user-menu";
import { confirmImportStart, openImportDialog } from "@/e2e/imports";

// The home page at /: its tiles with real data from the emulator (an import started on /erp, a transfer run that
// needs attention and its link), the platform's health from the console's own calls with a fault injected, one tile
// failing without blanking the others, and a viewer's read-only view. Faults are cleared after each test.

const RUN_URL = /\/erp\/transfers\/([0-9a-f-]{36})(\?.*)?$/;

test.afterEach(async () => {
  await emulator.clearFaults();
});

async function tilesLoaded(page: Page) {
  for (const tile of ["home-imports", "home-transfers", "home-health", "home-activity", "home-calls", "home-outcomes"]) {
    await expect(page.getByTestId(`${tile}-loading`)).toHaveCount(0, { timeout: 15_000 });
  }
}

type OutcomeCounts = Record<"transferred" | "already_in_erp" | "rejected" | "failed" | "unknown" | "not_sent", number>;

async function todaysOutcomes(page: Page): Promise<{ day: string; counts: OutcomeCounts }> {
  const body = (await (await page.request.get("/api/home/outcomes")).json()) as { days: { day: string; counts: OutcomeCounts }[] };
  return body.days.at(-1)!;
}

test.describe("home page as operator", () => {
  test.use({ storageState: storageStateFor("operator") });

  test("shows the last import start and a transfer run that needs attention, each tile linking to its filtered page", async ({ page }) => {
    const before = await todaysOutcomes(page);
    // A stock import started on /erp.
    await page.goto("/erp");
    const card = page.getByTestId("import-card-stock");
    await expect(card.getByTestId("import-status")).not.toContainText("Loading the last run");
    const dialog = page.getByTestId("import-dialog-stock");
    await openImportDialog(card.getByRole("button", { name: "Start stock import" }), dialog);
    // Another spec may have started it within the window: the dialog then asks to start it again.
    await confirmImportStart(dialog);
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("import-status")).toContainText("by Onur Operator");

    // A transfer run with an order the platform does not know: it ends with failures.
    const [known] = await emulatorOrders.pending(1);
    await page.getByLabel("Order ids", { exact: true }).fill(`${known} 9999999`);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(RUN_URL);
    const runId = RUN_URL.exec(page.url())![1]!;
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
    // Its only problem is a refusal: done, not counted. A run with a rate-limited call needs attention.
    const rejectedRunId = runId;
    const [failing] = await emulatorOrders.pending(1);
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    const sent = await page.request.post("/api/erp/transfers", { headers: { origin: E2E_BASE_URL, "Idempotency-Key": `home-attention-${Date.now()}` }, data: { orderIds: [failing!] } });
    expect(sent.status()).toBe(201);
    const attentionRunId = ((await sent.json()) as { run: { id: string } }).run.id;
    await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${attentionRunId}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 }).toBe("completed");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await tilesLoaded(page);

    const stock = page.getByTestId("home-import-stock");
    // Said once: who started it and when, the outcome in the verb.
    await expect(stock.getByTestId("home-import-last")).toHaveText(/^Started by Onur Operator (just now|\d+ minutes? ago)\.$/);
    await expect(stock.getByTestId("home-import-last")).toHaveAttribute("data-outcome", "started");
    await expect(stock.getByTestId("home-import-next")).toHaveText(/No schedule|Next start/);
    await expect(stock.getByRole("link", { name: "Stock" })).toHaveAttribute("href", "/erp?import=stock");

    const transfers = page.getByTestId("home-transfers");
    await expect(transfers.getByTestId("home-transfers-count-needs_attention")).toContainText(/\d+ runs? needs? attention/);
    await expect(transfers.getByTestId("home-transfers-count-needs_attention")).toHaveAttribute("href", "/erp?result=needs_attention&open=retry");
    await expect(transfers.getByTestId("home-transfers-count-interrupted")).toHaveAttribute("href", "/erp?result=interrupted&open=retry");
    await expect(transfers.locator(`[data-testid="home-transfer-run"][data-run-id="${rejectedRunId}"]`)).toHaveCount(0);
    const run = transfers.locator(`[data-testid="home-transfer-run"][data-run-id="${attentionRunId}"]`);
    // Named by what it is and when, then who.
    await expect(run.getByRole("link")).toHaveText(/^Transfer of 1 order, \d{2}:\d{2} GMT[+-]\d+$/);
    await expect(run).toContainText(/by Onur Operator, (just now|\d+ minutes? ago)/);
    await expect(run).toContainText("Needs attention");
    await expect(run).toContainText("1 order: 1 still open (failed, unknown or not sent)");

    await expect(page.getByTestId("home-warehouses-link")).toHaveAttribute("href", "/warehouses?status=attention");
    await expect(page.getByTestId("home-activity-link")).toHaveAttribute("href", "/activity");
    await expect(page.getByTestId("home-activity-event").first()).toBeVisible();
    // Health: the console's own calls just now (the import, the transfer) are counted.
    await expect(page.getByTestId("home-health-calls")).toContainText(/of \d+ calls?/);
    await expect(page.getByTestId("home-health-median")).toHaveText(/\d+ ms/);

    // The charts: drawn once their library loads, their numbers in the summary and the table (one worker: nothing else sent).
    const outcomes = page.getByTestId("home-outcomes");
    await expect(outcomes.getByRole("img")).toHaveAttribute("aria-label", /^Transfer outcomes per day over the last 14 days, stacked by outcome\. [\d,]+ orders? in 14 days/);
    await outcomes.getByText("Show the numbers").click();
    const today = outcomes.locator(`[data-testid="home-outcomes-row"][data-day="${before.day}"]`);
    const want = { ...before.counts, transferred: before.counts.transferred + 1, rejected: before.counts.rejected + 1, failed: before.counts.failed + 1 };
    for (const [outcome, n] of Object.entries(want)) await expect(today.locator(`[data-outcome="${outcome}"]`), outcome).toHaveText(n.toLocaleString("en-US"));
    const calls = page.getByTestId("home-calls");
    await expect(calls.getByRole("img")).toHaveAttribute("aria-label", /^Answer time and error rate per half hour over the last 24 hours\. [\d,]+ calls? in 24 hours, [\d.]+% unanswered/);
    await expect(calls.getByTestId("home-calls-summary")).toHaveText(/^[\d,]+ calls? in 24 hours, [\d.]+% unanswered\. Slowest half hour: .+, 95% answered within [\d,]+ ms\.$/);
    await calls.getByText("Show the numbers").click();
    await expect(calls.getByTestId("home-calls-row").last()).toContainText(/ms/);
    await expectAccessible(page);

    // The run's link opens the run; the tile's link opens the runs filtered to what it counts.
    await run.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/erp/transfers/${attentionRunId}$`));
    await expect(page.getByTestId("run-status")).toHaveText("Needs attention");
    await page.goto(`/erp/transfers/${rejectedRunId}`);
    await expect(page.getByTestId("run-status")).toHaveText("Complete with rejections");
    await page.goto("/");
    await page.getByTestId("home-transfers-link").click();
    await expect(page).toHaveURL(/\/erp\?result=needs_attention&open=retry$/);

    // The start of a shift: the role's actions lead the page; an import's opens its one dialog on /erp.
    await page.goto("/");
    const actions = page.getByTestId("home-actions");
    await expect(actions.getByRole("link", { name: "Transfer orders" })).toHaveAttribute("href", "/erp#transfer");
    await expect(actions.getByRole("link", { name: "Add warehouse" })).toHaveAttribute("href", "/warehouses/new");
    await expect(page.getByTestId("home-actions-reasons")).toHaveCount(0);
    await actions.getByRole("link", { name: "Start stock import" }).click();
    await expect(dialog.getByRole("heading", { name: "Start the stock import again?" })).toBeVisible();
    await expect(dialog.getByTestId("import-repeat-warning")).toContainText("Onur Operator (operator@demo.local) started the stock import");
    await expect(page).toHaveURL(/\/erp#imports$/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("with the platform failing, the health tile shows the errors and the other tiles still render", async ({ page }) => {
    await emulator.addFault({ path: "/v1/stores", kind: "respond", status: 503, body: { status: "error", message: "Bakım: yığın izi" } });
    // The console's own calls fail: a warehouse list read (retried once on a 503).
    const res = await page.request.get("/api/warehouses?page=1&limit=10");
    expect(res.status()).toBe(503);

    await page.goto("/");
    await tilesLoaded(page);
    const health = page.getByTestId("home-health");
    await expect(health.getByTestId("home-health-last-failure")).toContainText("the platform answered with an error (HTTP 503)");
    await expect(health.getByTestId("home-health-last-failure")).toContainText("list warehouses");
    await expect(health.getByTestId("home-health-error-rate")).not.toHaveText(/^0%$/);
    await expect(health.getByTestId("home-health-failing")).toBeVisible();
    // Never a 5xx body on the page.
    await expect(page.getByText("yığın izi")).toHaveCount(0);
    // The other tiles stand; the warehouses tile shows its own state (an error if the platform had to be asked).
    await expect(page.getByTestId("home-imports").getByTestId("home-import-products")).toBeVisible();
    await expect(page.getByTestId("home-activity").getByTestId("home-activity-event").first()).toBeVisible();
    await expect(page.getByTestId("home-transfers-link")).toBeVisible();
    await expect(page.getByTestId("home-warehouses-loading")).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page);

    // The platform answers again: a success ends "failing".
    await emulator.clearFaults();
    expect((await page.request.get("/api/warehouses?page=1&limit=10")).status()).toBe(200);
    await page.reload();
    await tilesLoaded(page);
    await expect(page.getByTestId("home-health-failing")).toHaveCount(0);
    await expect(page.getByTestId("home-health-last-success")).toContainText(/ago|now/);
  });
});

test.describe("home page as viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("sees every tile, read-only, in Turkish too", async ({ page }) => {
    // An operator's transfer, so the outcomes chart has a day to draw whichever spec ran before.
    const operator = await request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("operator") });
    const sent = await operator.post("/api/erp/transfers", { headers: { origin: E2E_BASE_URL, "Idempotency-Key": `home-viewer-${Date.now()}` }, data: { orderIds: await emulatorOrders.pending(1) } });
    expect(sent.status()).toBe(201);
    await operator.dispose();
    await page.goto("/");
    await tilesLoaded(page);
    for (const tile of ["home-imports", "home-transfers", "home-health", "home-warehouses", "home-activity", "home-calls", "home-outcomes"]) {
      await expect(page.getByTestId(tile)).toBeVisible();
    }
    // The role's actions show disabled, each group's reason said once.
    const actions = page.getByTestId("home-actions");
    for (const name of ["Transfer orders", "Start stock import", "Start price import", "Start product import", "Add warehouse"]) {
      await expect(actions.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
    }
    await expect(actions.getByRole("link")).toHaveCount(0);
    await expect(page.getByTestId("home-actions-reasons").getByRole("listitem")).toHaveText([
      "Your role (Viewer) can see runs but not start them. Operators and admins can.",
      "Only operators and admins can create or edit warehouses.",
    ]);
    await expectAccessible(page);

    await chooseLanguage(page, "Türkçe");
    await chooseTheme(page, "Koyu");
    await expect(page.getByRole("heading", { level: 1, name: "Ana sayfa" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await tilesLoaded(page);
    await expect(page.getByRole("heading", { level: 2, name: "İlgi bekleyen aktarım çalıştırmaları" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Labs platformu" })).toBeVisible();
    // The refresh after the switch streams the page's metadata in; check once the title has arrived.
    await expect(page).toHaveTitle(/Ana sayfa/);
    // The charts re-drawn in the dark set, their text in Turkish; the numbers open the same.
    const drawnDark = (el: HTMLElement) => document.documentElement.classList.contains("dark") && el.dataset.axisColour === getComputedStyle(el).getPropertyValue("--chart-axis").trim();
    for (const chart of ["home-outcomes-chart", "home-calls-chart"]) await expect.poll(() => page.getByTestId(chart).evaluate(drawnDark), chart).toBe(true);
    await expect(page.getByTestId("home-outcomes").getByRole("img")).toHaveAttribute("aria-label", /^Son 14 günde günlük aktarım sonuçları/);
    await expect(page.getByTestId("home-calls").getByRole("img")).toHaveAttribute("aria-label", /24 saatte [\d.]+ çağrı, %[\d,]+ yanıtsız/);
    await page.getByTestId("home-outcomes").getByText("Sayıları göster").click();
    await expect(page.getByTestId("home-outcomes").getByRole("columnheader", { name: "ERP'de zaten var" })).toBeVisible();
    await expectAccessible(page);

    // A phone: the charts fit the screen, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.getByTestId("home-outcomes").getByRole("img").evaluate((c) => c.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
