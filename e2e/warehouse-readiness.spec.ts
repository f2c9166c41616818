import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// Readiness against seeded warehouses: one without an ERP id, two sharing one, one ready. The
// demo default (ONLINE) stays the one active default, so that check passes for all of them.

const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Seeded {
  prefix: string;
  ids: { missing: number; shared1: number; shared2: number; ready: number };
  names: { missing: string; shared1: string; shared2: string; ready: string };
}

async function setErp(request: APIRequestContext, id: number, erpWarehouseId: string | null) {
  const res = await request.put(`/api/warehouses/${id}`, { headers: SAME_ORIGIN, data: { erpWarehouseId } });
  expect(res.status(), await res.text()).toBe(200);
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const prefix = `Rdy${unique()}`;
  const result = (await emulator.seed({ warehouses: 4, prefix })) as { warehouses: { firstId: number } };
  const first = result.warehouses.firstId;
  const ids = { missing: first, shared1: first + 1, shared2: first + 2, ready: first + 3 };
  const shared = `S${unique()}`;
  await setErp(request, ids.missing, null);
  await setErp(request, ids.shared1, shared);
  await setErp(request, ids.shared2, shared);
  await setErp(request, ids.ready, `R${unique()}`);
  const name = (n: number) => `${prefix} Depo ${n}`;
  return { prefix, ids, names: { missing: name(1), shared1: name(2), shared2: name(3), ready: name(4) } };
}

const row = (page: Page, id: number) => page.locator(`[data-testid="warehouse-row"][data-id="${id}"]`);

async function settled(page: Page) {
  await expect(page.getByTestId("warehouse-table")).toHaveAttribute("aria-busy", "false");
}

test.use({ storageState: storageStateFor("operator") });

test.afterEach(async () => {
  await emulator.clearFaults();
});

test("marks the warehouses that need attention, filters them by a bookmarkable URL and explains each check on the detail page", async ({ page, request }) => {
  const s = await seed(request);

  await page.goto(`/warehouses?q=${encodeURIComponent(s.prefix)}`);
  await settled(page);
  await expect(page.getByTestId("warehouse-row")).toHaveCount(4);
  const missing = row(page, s.ids.missing).getByTestId("readiness-marker");
  await expect(missing).toHaveText(/Needs attention/);
  await expect(missing).toContainText("Needs attention: no ERP ID");
  await expect(row(page, s.ids.shared1).getByTestId("readiness-marker")).toContainText("ERP ID shared with another warehouse");
  await expect(row(page, s.ids.shared2).getByTestId("readiness-marker")).toHaveAttribute("data-checks", "erpIdUnique");
  await expect(row(page, s.ids.ready).getByTestId("readiness-marker")).toHaveCount(0);
  await expect(row(page, s.ids.ready)).toContainText("Ready");

  // The filter, chosen by keyboard; the URL keeps it across a reload.
  const status = page.getByRole("combobox", { name: "Status" });
  await status.focus();
  await page.keyboard.press("Enter");
  // Typed once the list has focus, as a person sees it open first; keys sent before it would go nowhere.
  await expect(page.locator('[role="listbox"] [role="option"]:focus')).toHaveCount(1);
  await page.keyboard.type("Needs");
  await expect(page.getByRole("option", { name: "Needs attention" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]status=attention(&|$)/);
  await settled(page);
  await expect(page.getByTestId("warehouse-row")).toHaveCount(3);
  await expect(row(page, s.ids.ready)).toHaveCount(0);
  await page.reload();
  await settled(page);
  await expect(status).toHaveText("Needs attention");
  await expect(page.getByTestId("warehouse-row")).toHaveCount(3);
  await expect(page.getByTestId("warehouse-total")).toContainText("3 warehouses match");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  // The detail page: every check with its state and why.
  await row(page, s.ids.shared1).getByRole("link", { name: s.names.shared1 }).click();
  const checklist = page.getByTestId("readiness-checklist");
  await expect(checklist.getByRole("heading", { name: "Readiness" })).toBeVisible();
  const check = (id: string) => checklist.locator(`[data-testid="readiness-check"][data-check="${id}"]`);
  await expect(checklist.getByTestId("readiness-check")).toHaveCount(4);
  await expect(check("erpIdPresent")).toHaveAttribute("data-state", "pass");
  await expect(check("erpIdUnique")).toHaveAttribute("data-state", "fail");
  await expect(check("erpIdUnique")).toContainText("ERP ID used by this warehouse only: Needs attention");
  await expect(check("erpIdUnique")).toContainText(`is also used by: ${s.names.shared2} (${s.prefix.toUpperCase()}-00003)`);
  await expect(check("oneActiveDefault")).toHaveAttribute("data-state", "pass");
  await expect(check("oneActiveDefault")).toContainText("Online (ONLINE)");
  await expect(check("codePolicy")).toHaveAttribute("data-state", "pass");
  await expect(checklist.getByTestId("readiness-summary")).toHaveText("1 check needs attention.");
  await expectAccessible(page);

  await page.goto(`/warehouses/${s.ids.missing}`);
  await expect(check("erpIdPresent")).toHaveAttribute("data-state", "fail");
  await expect(check("erpIdPresent")).toContainText("There is no ERP warehouse ID");
  await expect(check("erpIdUnique")).toHaveAttribute("data-state", "skip");

  await page.goto(`/warehouses/${s.ids.ready}`);
  await expect(checklist.getByTestId("readiness-summary")).toHaveText("All checks pass.");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page);
});

test("the plain first page, served straight from the platform, carries readiness too", async ({ page, request }) => {
  const res = await request.get("/api/warehouses?page=1&limit=25");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { source: string; items: { code: string; attention: string[] }[] };
  expect(body.source).toBe("upstream");
  // The demo default has no ERP id.
  expect(body.items.find((w) => w.code === "ONLINE")?.attention).toEqual(["erpIdPresent"]);

  await page.goto("/warehouses");
  await settled(page);
  await expect(page.locator('[data-testid="warehouse-row"][data-code="ONLINE"]').getByTestId("readiness-marker")).toContainText("no ERP ID");
});

test("with the platform down the list shows its error, not a list of ready warehouses", async ({ page }) => {
  await emulator.addFault({ method: "GET", path: "/v1/stores", kind: "respond", status: 503 });
  await page.goto("/warehouses?page=1&limit=25");
  const alert = page.getByTestId("warehouse-error");
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText("The warehouses could not be loaded");
  await expect(page.getByTestId("warehouse-row")).toHaveCount(0);
  await expect(page.getByTestId("readiness-marker")).toHaveCount(0);
  await expect(page.getByText("Ready", { exact: true })).toHaveCount(0);
});
