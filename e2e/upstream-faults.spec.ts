import { expect, test, type Page } from "@playwright/test";
import { emulator, emulatorOrders, type FaultRule, type LoggedRequest } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { confirmImportStart, openImportDialog } from "@/e2e/imports";
import { chooseOption } from "@/e2e/fixtures";

// What the pages show when the upstream fails: the list's error state with a retry, a create form
// that keeps what was typed, a warehouse page that says the platform failed, an import failure with
// the button usable again, and a transfer run that records each order's outcome; and 5xx texts that
// stay on the server. The route-level fault matrix (every fault against every kind of call: status,
// problem code, may-have-acted, upstream calls) is lib/http/upstream-faults.test.ts, in-process with
// the real emulator; its report under reports/ is the source of docs/security.md "Upstream fault matrix".

const ADMIN = storageStateFor("admin");
const TIMEOUT_MS = 4000; // LABS_API_TIMEOUT_MS of the e2e server (playwright.config.ts)
const MESSAGE = "Geçersiz istek: alan hatalı.";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

test.afterEach(async () => {
  await emulator.clearFaults();
});

/** Exactly one matching upstream request since `seq` (a delayed one is logged when it ends). */
async function expectOneCall(seq: number, match: (r: LoggedRequest) => boolean) {
  const count = async () => (await emulator.requests(seq)).requests.filter(match).length;
  await expect.poll(count, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await count()).toBe(1);
}

test.describe("what the pages show", () => {
  test.use({ storageState: ADMIN });

  async function listError(page: Page) {
    const alert = page.getByTestId("warehouse-error");
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole("heading", { name: "The warehouses could not be loaded" })).toBeVisible();
    return alert;
  }

  for (const [fault, text] of [
    [{ kind: "respond", status: 503 }, "The Labs platform is not available right now. Try again in a moment."],
    [{ kind: "drop" }, "The Labs platform is not available right now. Try again in a moment."],
    [{ kind: "respond", status: 401 }, "The Labs platform refused the console’s API token. Ask an administrator to check it."],
    [{ kind: "malformed-json" }, "The Labs platform is not available right now. Try again in a moment."],
    [{ latencyMs: TIMEOUT_MS + 2000 }, "The Labs platform did not answer in time."],
  ] as [FaultRule, string][]) {
    test(`the list says the platform failed (${fault.kind ?? "timeout"}${fault.status ? ` ${fault.status}` : ""}) and its retry works once it is back`, async ({ page }) => {
      await emulator.addFault({ method: "GET", path: "/v1/stores", ...fault });
      await page.goto("/warehouses?page=1&limit=25");
      const alert = await listError(page);
      await expect(alert).toContainText(text);
      // Never an empty list instead of the error.
      await expect(page.getByTestId("warehouse-empty")).toHaveCount(0);
      await expect(page.getByTestId("warehouse-row")).toHaveCount(0);
      await emulator.clearFaults();
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("warehouse-error")).toHaveCount(0);
      await expect(page.getByTestId("warehouse-row").first()).toBeVisible();
    });
  }

  for (const [label, fault, heading, text] of [
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The save did not complete.", "The Labs platform did not answer in time. The change may or may not have been made: check before trying again."],
    ["dropped connection", { kind: "drop" }, "Nothing was saved.", "The Labs platform is not available right now. Try again in a moment."],
    ["401", { kind: "respond", status: 401 }, "Nothing was saved.", "The Labs platform refused the console’s API token."],
    ["422 with a message", { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } }, "Nothing was saved.", `The Labs platform refused the change: ${MESSAGE}`],
    ["malformed JSON", { kind: "malformed-json" }, "Nothing was saved.", "The Labs platform is not available right now."],
  ] as [string, FaultRule, string, string][]) {
    test(`a create failing with ${label} says so, keeps what was typed, and sends once`, async ({ page }) => {
      const t = tag();
      const name = `E2E Kept ${t}`;
      const code = `KEPT-${t}`;
      await page.goto("/warehouses/new");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Code").fill(code);
      await page.getByLabel("ERP warehouse ID").fill("0042");
      const seq = await emulatorOrders.lastSeq();
      await emulator.addFault({ method: "POST", path: "/v1/stores", ...fault });
      await page.getByRole("button", { name: "Create warehouse" }).click();
      const error = page.getByTestId("form-error");
      await expect(error).toContainText(heading, { timeout: 15_000 });
      await expect(error).toContainText(text);
      await expect(page).toHaveURL(/\/warehouses\/new$/);
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByLabel("Code")).toHaveValue(code);
      await expect(page.getByLabel("ERP warehouse ID")).toHaveValue("0042");
      await expect(page.getByRole("button", { name: "Create warehouse" })).toBeEnabled();
      await expectOneCall(seq, (r) => r.method === "POST" && r.path === "/v1/stores");
    });
  }

  test("an edit failing with 503 says so and keeps the edited values", async ({ page }) => {
    const api = page.request;
    const t = tag();
    const created = await api.post("/api/warehouses", { headers: { Origin: E2E_BASE_URL }, data: { name: `E2E Edit ${t}`, code: `EDT-${t}` } });
    const id = (await created.json()).warehouse.id as number;
    await page.goto(`/warehouses/${id}/edit`);
    await page.getByLabel("Name").fill(`E2E Edit ${t} changed`);
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${id}`, kind: "respond", status: 503 });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("form-error")).toContainText("The Labs platform is not available right now.");
    await expect(page.getByLabel("Name")).toHaveValue(`E2E Edit ${t} changed`);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled();
  });

  for (const [label, fault, text] of [
    ["503", { kind: "respond", status: 503 }, "The Labs platform failed to answer. The warehouse may well exist"],
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The Labs platform did not answer in time. The warehouse may well exist"],
    ["401", { kind: "respond", status: 401 }, "The Labs platform refused the console’s API token."],
  ] as [string, FaultRule, string][]) {
    test(`a warehouse page says the platform failed (${label}), not "not found", and retries`, async ({ page }) => {
      test.setTimeout(60_000);
      await emulator.addFault({ method: "GET", path: "/v1/stores/2", ...fault });
      const res = await page.goto("/warehouses/2");
      expect(res?.status()).toBe(200);
      const alert = page.getByTestId("warehouse-load-failure");
      await expect(alert).toContainText(text);
      await expect(page.getByTestId("warehouse-not-found")).toHaveCount(0);
      await emulator.clearFaults();
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("warehouse-detail")).toBeVisible({ timeout: 15_000 });
    });
  }

  for (const [label, fault, text] of [
    ["dropped connection", { kind: "drop" }, "The product import was not started: The Labs platform could not be reached."],
    ["401", { kind: "respond", status: 401 }, "The product import was not started: The Labs platform refused the console's API token. Ask an administrator to check it."],
    ["422 with a message", { kind: "respond", status: 422, body: { status: "error", message: MESSAGE } }, `The product import was not started: The Labs platform refused the request: ${MESSAGE}`],
    ["timeout", { latencyMs: TIMEOUT_MS + 2000 }, "The product import may or may not have started: The Labs platform did not answer in time. It may still have acted."],
  ] as [string, FaultRule, string][]) {
    test(`an import failing with ${label} is shown, sent once, and the button is usable again`, async ({ page }) => {
      await page.goto("/erp");
      const card = page.getByTestId("import-card-products");
      const seq = await emulatorOrders.lastSeq();
      await emulator.addFault({ path: "/v1/action/products-erp-sync", ...fault });
      const dialog = page.getByTestId("import-dialog-products");
      await openImportDialog(card.getByRole("button", { name: "Start product import" }), dialog);
      // Started earlier within the window (by this or another spec): the dialog asks to start it again.
      await confirmImportStart(dialog);
      await expect(card.getByTestId("import-failure")).toHaveText(text, { timeout: 15_000 });
      await expect(card.getByRole("button", { name: "Start product import" })).toBeEnabled();
      await expectOneCall(seq, (r) => r.path === "/v1/action/products-erp-sync");
    });
  }

  test("a transfer whose answer is lost shows the order as unknown, sent once", async ({ page }) => {
    const [order] = await emulatorOrders.seed(1);
    const seq = await emulatorOrders.lastSeq();
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "drop", apply: "after" });
    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(order!);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}/);
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
    await expect(page.getByTestId("count-unknown")).toHaveText("1");
    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Outcome unknown");
    await expect(page.getByTestId("run-order-reason").first()).toHaveText("The connection was lost before the answer");
    expect(await emulatorOrders.transferredSince(seq)).toEqual([order]);
  });

  test("a transfer refused with 503 and Retry-After is failed (nothing transferred) with the platform's words, in the run and the order's story", async ({ page }) => {
    const [order] = await emulatorOrders.seed(1);
    const seq = await emulatorOrders.lastSeq();
    const maintenance = "Bakım çalışması";
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 503, retryAfter: 120, times: 1, body: { status: "error", message: maintenance } });
    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(order!);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
    await expect(page.getByTestId("count-failed")).toHaveText("1");
    await expect(page.getByTestId("count-unknown")).toHaveText("0");
    await expect(page.getByRole("button", { name: "Retry failed (1)" })).toBeVisible();
    const reason = `The platform was unavailable and did nothing (HTTP 503); sending again may help: ${maintenance}`;
    await expect(page.getByTestId("run-order-reason").first()).toHaveText(reason);
    expect(await emulatorOrders.transferredSince(seq)).toEqual([order]);
    await page.goto(`/erp/orders/${order}`);
    await expect(page.getByTestId("order-history-reason")).toHaveText(reason);
    await expect(page.getByTestId("order-story-line")).toContainText(`The call failed and the platform did nothing with it: ${reason}. It can be sent again.`);
  });

  test("a transfer refused with 422 shows the platform's reason for the order", async ({ page }) => {
    const [order] = await emulatorOrders.seed(1);
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 422, body: { status: "error", message: MESSAGE } });
    await page.goto("/erp");
    await page.getByLabel("Order ids", { exact: true }).fill(order!);
    await page.getByRole("button", { name: "Check ids" }).click();
    await page.getByTestId("transfer-send").click();
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
    await expect(page.getByTestId("count-rejected")).toHaveText("1");
    await chooseOption(page.getByLabel("Outcome", { exact: true }), "Not transferred");
    await expect(page.getByTestId("run-order-reason").first()).toContainText(MESSAGE);
  });
});

test.describe("upstream 5xx texts stay on the server", () => {
  test.use({ storageState: ADMIN });

  test("a 5xx body reaches neither a bulk result row nor the audit trail; a 4xx platform message does", async ({ page }) => {
    const secret = "INTERNAL db=10.0.0.5 stack at Store.update (store.js:42)";
    const refusal = "Depo şu an pasif yapılamaz.";
    const t = tag();
    const made = [];
    for (const suffix of ["A", "B"]) {
      const res = await page.request.post("/api/warehouses", { headers: { Origin: E2E_BASE_URL }, data: { name: `E2E Leak ${t} ${suffix}`, code: `LEAK-${t}-${suffix}` } });
      expect(res.status(), await res.text()).toBe(201);
      made.push((await res.json()).warehouse as { id: number; name: string });
    }
    const [a, b] = made as [{ id: number; name: string }, { id: number; name: string }];
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 500, body: { status: "error", message: secret } });
    await emulator.addFault({ method: "PUT", path: `/v1/stores/${b.id}`, times: 1, kind: "respond", status: 422, body: { status: "error", message: refusal } });

    await page.goto(`/warehouses?q=${encodeURIComponent(`E2E Leak ${t}`)}`);
    await expect(page.getByTestId("warehouse-table")).toHaveAttribute("aria-busy", "false");
    await page.getByRole("checkbox", { name: `Select ${a.name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${b.name}` }).check();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Deactivate selected" }).click();
    await page.getByRole("dialog", { name: "Deactivate 2 warehouses?" }).getByRole("button", { name: "Deactivate", exact: true }).click();
    const report = page.getByTestId("bulk-report");
    await expect(report).toContainText("Deactivation: 0 done, 2 failed");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: a.name })).toContainText("The Labs platform is not available right now.");
    await expect(report.getByTestId("bulk-report-row").filter({ hasText: b.name })).toContainText(refusal);
    await expect(report).not.toContainText("INTERNAL");

    const failures = async (id: number) => {
      const res = await page.request.get(`/api/activity?target=warehouse:${id}&outcome=failure`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { items: { message: string }[] }).items.map((i) => i.message);
    };
    const leaked = await failures(a.id);
    expect(leaked).toEqual(["update warehouse: the Labs platform failed to process the request (HTTP 500)"]);
    expect(await failures(b.id)).toEqual([refusal]);
  });
});
