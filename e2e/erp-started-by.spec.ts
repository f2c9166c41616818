import { expect, test } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { chooseOption, optionsOf } from "@/e2e/fixtures";

// The run list's "Started by": people by name and API keys by name, each of which the list then filters by; no blank option.

test.use({ storageState: storageStateFor("admin") });

test("an API key's run is found through \"Started by\", which offers names and no blank, and the same by= works on /api/v1", async ({ page }) => {
  const name = `Started-by ${Date.now()}`;
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const made = await page.request.post("/api/keys", { headers: { origin: E2E_BASE_URL }, data: { name, role: "operator", expiresOn } });
  expect(made.status(), await made.text()).toBe(201);
  const { secret, key } = (await made.json()) as { secret: string; key: { id: string } };
  try {
    const [orderId] = await emulatorOrders.pending(1);
    const started = await fetch(`${E2E_BASE_URL}/api/v1/transfers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", "Idempotency-Key": `started-by-${Date.now()}` },
      body: JSON.stringify({ orderIds: [orderId] }),
    });
    expect(started.status).toBe(201);
    const runId = ((await started.json()) as { run: { id: string } }).run.id;

    await page.goto("/erp");
    const filters = page.getByRole("search", { name: "Filter transfer runs" });
    const startedBy = filters.getByLabel("Started by", { exact: true });
    const offered = await optionsOf(startedBy);
    expect(offered).toContain(`Key ${name}`);
    expect(offered.filter((o) => o === "" || o.includes("@"))).toEqual([]);
    expect(offered.filter((o) => o.includes("created by"))).toEqual([]);

    await chooseOption(startedBy, `Key ${name}`);
    await expect(page).toHaveURL(new RegExp(`by=key(:|%3A)${encodeURIComponent(name).replace(/%20/g, "(\\+|%20)")}`));
    const row = page.locator(`[data-testid="transfer-history-row"][data-run-id="${runId}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Key ${name}`);
    await expect(page.getByTestId("transfer-history-row")).toHaveCount(1);
    await expect(page.getByText("Use a team member's email address")).toHaveCount(0);

    const byKey = await fetch(`${E2E_BASE_URL}/api/v1/transfers?by=${encodeURIComponent(`key:${name}`)}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(byKey.status).toBe(200);
    expect(((await byKey.json()) as { items: { id: string }[] }).items.map((r) => r.id)).toEqual([runId]);
  } finally {
    await page.request.delete(`/api/keys/${key.id}`, { headers: { origin: E2E_BASE_URL } });
  }
});
