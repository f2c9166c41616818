import { expect, test } from "@playwright/test";
import { emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { answerChecker } from "@/test/contract/conformance";
import { chooseOption } from "@/e2e/fixtures";

// An admin makes an operator key in the browser; a script (plain Node fetch) uses it on /api/v1 until the admin revokes it.

const ADMIN = storageStateFor("admin");

test("a key made on the keys page lists warehouses and starts a transfer through /api/v1, and is refused once revoked", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ADMIN });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  const page = await context.newPage();
  const name = `E2E sync ${Date.now()}`;
  try {
    await page.goto("/team/keys");
    await page.getByLabel("Name").fill(name);
    await chooseOption(page.getByLabel("Role"), "Operator");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("key-secret");
    await expect(shown).toHaveText(/^labsc_[0-9A-Za-z]{43}$/);
    await page.getByRole("button", { name: "Copy secret" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(await shown.textContent());

    // Every answer the script reads is checked against the served description.
    const mismatches = answerChecker((await (await fetch(`${E2E_BASE_URL}/api/v1/openapi.json`)).json()) as Record<string, unknown>);
    const call = async (path: string, template: string, init: RequestInit = {}) => {
      const res = await fetch(`${E2E_BASE_URL}${path}`, { ...init, headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", ...init.headers } });
      const body = await res.json();
      expect(mismatches({ method: init.method ?? "GET", path: template, status: res.status, headers: res.headers, body }), path).toEqual([]);
      return { status: res.status, headers: res.headers, body };
    };
    const list = await call("/api/v1/warehouses?limit=10", "/warehouses");
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("ratelimit-remaining"))).toBeGreaterThan(0);
    expect(list.body.items.length).toBeGreaterThan(0);

    const [orderId] = await emulatorOrders.pending(1);
    const started = await call("/api/v1/transfers", "/transfers", { method: "POST", body: JSON.stringify({ orderIds: [orderId] }), headers: { "Idempotency-Key": `e2e-${Date.now()}` } });
    expect(started.status).toBe(201);
    const { run } = started.body;
    expect(started.headers.get("location")).toBe(`/api/v1/transfers/${run.id}`);
    expect((await call(`/api/v1/transfers/${run.id}`, "/transfers/{runId}")).status).toBe(200);

    // The page shows the use the script just made, then the admin revokes the key.
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("from 127.0.0.1");
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await page.getByTestId("revoke-key-dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(row).toContainText("Revoked");

    const refused = await call("/api/v1/warehouses", "/warehouses");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
  } finally {
    await context.close();
  }
});
