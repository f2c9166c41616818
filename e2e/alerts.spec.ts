import { expect, test } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { storageStateFor } from "@/test/env";
import { startReceiver } from "@/test/alert-servers";
import { chooseOption } from "@/e2e/fixtures";

// The alerts page: an admin adds a webhook to a receiver started here on 127.0.0.1, sends a test and
// sees it delivered (the receiver verifies the signature); a plain-http URL elsewhere is refused on
// its field and nothing is saved; a viewer sees the actions disabled with the reason, and that answers are for admins.

const ADMIN = storageStateFor("admin");
const VIEWER = storageStateFor("viewer");
const SIGNING = "e2e-alerts-signing-secret-0042";
const URL_SECRET = "e2eHookPathSecret77";

test.describe("alerts as admin", () => {
  test.use({ storageState: ADMIN });

  test("adds a webhook channel, sends a test and sees it delivered, signed", async ({ page }) => {
    const receiver = await startReceiver(SIGNING);
    const name = `E2E hook ${Date.now()}`;
    try {
      await page.goto("/alerts");
      await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
      await page.getByTestId("alert-channel-add").click();
      const form = page.getByTestId("alert-channel-form");
      await form.getByLabel("Name", { exact: true }).fill(name);
      await chooseOption(form.getByLabel("Kind", { exact: true }), "Webhook");
      await form.getByLabel("Webhook URL").fill(`${receiver.url}/hooks/${URL_SECRET}`);
      await form.getByLabel("Signing secret").fill(SIGNING);
      await form.getByLabel("Import could not start").check();
      await chooseOption(form.getByLabel("Delivery"), "Daily digest");
      await form.getByLabel("Daily digest time").fill("07:30");
      await form.getByTestId("alert-channel-save").click();
      await expect(page.getByText(`Channel “${name}” added.`)).toBeVisible();
      // The digest mode was saved: the edit form opens with it.
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      await expect(page.getByTestId("alert-channel-form").getByLabel("Delivery")).toHaveText("Daily digest");
      await expect(page.getByTestId("alert-channel-form").getByLabel("Daily digest time")).toHaveValue("07:30");
      await page.getByTestId("alert-channel-form").getByRole("button", { name: "Cancel" }).click();

      const row = page.getByTestId("alert-channel-row").filter({ hasText: name });
      await expect(row.getByTestId("alert-channel-target")).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/…\/••••et77$/);
      // The secrets never reach the page.
      expect(await page.content()).not.toContain(URL_SECRET);
      expect(await page.content()).not.toContain(SIGNING);
      await expectAccessible(page);

      await row.getByTestId("alert-channel-test").click();
      // The log is filtered to the channel (in the URL, so bookmarkable) and shows the delivery arrive.
      await expect(page).toHaveURL(/[?&]channel=[0-9a-f-]{36}/);
      const delivery = page.getByTestId("alert-delivery-row").first();
      await expect(delivery.getByTestId("alert-delivery-status")).toHaveText("Delivered", { timeout: 20_000 });
      await expect(delivery).toContainText("1 of 5");
      await expect(delivery).toContainText("200 ok");
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.verified).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "test", title: "Test alert" });

      // Bookmarkable: the same URL opened again shows the same filtered log.
      await page.reload();
      await expect(page.getByTestId("alert-delivery-row").first().getByTestId("alert-delivery-status")).toHaveText("Delivered");
      await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&status=failed`);
      const noMatch = page.getByTestId("alert-deliveries-no-match");
      await expect(noMatch.locator("p").first()).toHaveText("No deliveries match these filters.");
      // The notice offers the way out: clearing the filters leaves a URL without them.
      await noMatch.getByRole("button", { name: "Clear filters" }).click();
      await expect(page).not.toHaveURL(/[?&](channel|status)=/);
    } finally {
      // The receiver goes away with this test: so does its channel, or later specs' events would retry into nothing.
      const list = (await (await page.request.get("/api/alerts/channels")).json()) as { items: { id: string; name: string }[] };
      for (const c of list.items.filter((c) => c.name === name)) await page.request.delete(`/api/alerts/channels/${c.id}`, { headers: { origin: new URL(page.url()).origin } });
      await receiver.close();
    }
  });

  test("refuses a plain-http URL off this machine on its field and saves nothing", async ({ page }) => {
    const name = `E2E refused ${Date.now()}`;
    await page.goto("/alerts");
    await expect(page).toHaveTitle("Alerts · Labs Console");
    await page.getByTestId("alert-channel-add").click();
    const form = page.getByTestId("alert-channel-form");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Webhook URL").fill("http://hooks.example.com/labs");
    await form.getByLabel("Signing secret").fill(SIGNING);
    await form.getByTestId("alert-channel-save").click();
    const url = form.getByLabel("Webhook URL");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("The URL must start with https:// (http is allowed only for localhost, 127.0.0.1 or ::1).");

    // The server says the same when the browser's check is skipped, and nothing is saved.
    const answer = await page.request.post("/api/alerts/channels", {
      headers: { origin: new URL(page.url()).origin },
      data: { name, kind: "webhook", enabled: true, events: ["transfer.attention"], url: "http://hooks.example.com/labs", signingSecret: SIGNING },
    });
    expect(answer.status()).toBe(422);
    expect((await answer.json()).errors.url[0]).toContain("https://");
    const list = await (await page.request.get("/api/alerts/channels")).json();
    expect(list.items.map((c: { name: string }) => c.name)).not.toContain(name);
  });
});

test.describe("freshness rules as admin", () => {
  test.use({ storageState: ADMIN });

  test("a bad number is refused on its field and kept; good hours are saved and read back; empty turns the rule off", async ({ page }) => {
    await page.goto("/alerts");
    const stock = page.locator('[data-testid="alert-freshness-rule"][data-kind="stock"]');
    const hours = stock.getByLabel("Alert when no stock import started for (hours)");
    await hours.fill("400");
    await stock.getByRole("button", { name: "Save the stock rule" }).click();
    await expect(hours).toHaveAttribute("aria-invalid", "true");
    await expect(stock).toContainText("Enter whole hours from 1 to 336, or leave empty to turn the rule off.");
    await expect(hours).toHaveValue("400");

    await hours.fill("6");
    await stock.getByRole("button", { name: "Save the stock rule" }).click();
    await expect(page.getByText("Freshness rule for stock imports saved.")).toBeVisible();
    await expect(stock.getByTestId("alert-freshness-state")).toHaveText("On: an alert after 6 hours without a stock import. Last changed by admin@demo.local.");
    await page.reload();
    await expect(stock.getByLabel("Alert when no stock import started for (hours)")).toHaveValue("6");

    await stock.getByLabel("Alert when no stock import started for (hours)").fill("");
    await stock.getByRole("button", { name: "Save the stock rule" }).click();
    await expect(stock.getByTestId("alert-freshness-state")).toHaveText("Off: no alert for stock imports.");
    expect(((await (await page.request.get("/api/alerts/freshness")).json()) as { rules: { kind: string; hours: number | null }[] }).rules.find((r) => r.kind === "stock")?.hours).toBeNull();
  });
});

test.describe("alerts as viewer", () => {
  test.use({ storageState: VIEWER });

  test("reads the page with every channel action disabled and says why", async ({ page }) => {
    await page.goto("/alerts");
    await expect(page.getByTestId("alerts-manage-reason")).toHaveText(
      "Only admins can add, change, test or delete alert channels. Everyone can read the delivery log.",
    );
    const add = page.getByTestId("alert-channel-add");
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription("Only admins can add, change, test or delete alert channels. Everyone can read the delivery log.");
    await expect(page.getByTestId("alert-channel-form")).toHaveCount(0);
    for (const button of await page.getByTestId("alert-channel-test").all()) await expect(button).toHaveAttribute("aria-disabled", "true");
    // The freshness rules are read-only for a viewer, and say why.
    await expect(page.getByTestId("alert-freshness-reason")).toHaveText("Only admins can change the freshness rules. Everyone can read them.");
    await expect(page.getByTestId("alert-freshness-save")).toHaveCount(3);
    for (const input of await page.getByTestId("alert-freshness").getByRole("textbox").all()) await expect(input).toBeDisabled();
    for (const button of await page.getByTestId("alert-freshness-save").all()) {
      await expect(button).toHaveAttribute("aria-disabled", "true");
      await expect(button).toHaveAccessibleDescription("Only admins can change the freshness rules. Everyone can read them.");
    }
    await expect(page.getByTestId("alert-deliveries")).toBeVisible();
    // Receivers' answers stay with admins (the server sends others none: lib/alerts/routes.test.ts); the log says so.
    await expect(page.getByTestId("alert-deliveries-answers-note")).toHaveText("Receivers' answers are shown to admins only.");
  });
});
