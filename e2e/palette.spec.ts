import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { emulator } from "@/test/emulator";
import { E2E_BASE_URL, E2E_EMULATOR_URL, E2E_UPSTREAM_TOKEN, storageStateFor } from "@/test/env";
import { signedIn, signOut, signOutEverywhere } from "@/e2e/user-menu";

// The command palette, by keyboard only: Ctrl-K, a Turkish-folded warehouse search through the
// list's route, pages, role-gated actions with their reasons, recent items, and a search that
// fails for real (the platform down while the warehouse index has to be rebuilt).

const SAME_ORIGIN = { Origin: E2E_BASE_URL };
const WRITE_REASON = "Only operators and admins can create or edit warehouses.";
const ERP_REASON = "Your role (Viewer) can see runs but not start them. Operators and admins can.";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

function palette(page: Page) {
  return page.getByRole("dialog", { name: "Command palette" });
}

/** Keys pressed before hydration go nowhere (and the palette loads on first use), so Ctrl-K is retried until it opens. */
async function openPalette(page: Page) {
  const dialog = palette(page);
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press("Control+K");
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByRole("combobox", { name: "Search warehouses, pages and actions" })).toBeFocused();
  return dialog;
}

async function createWarehouse(request: APIRequestContext, name: string, code: string): Promise<{ id: number }> {
  const res = await request.post("/api/warehouses", { headers: SAME_ORIGIN, data: { name, code } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { warehouse: { id: number } }).warehouse;
}

async function makeDefault(request: APIRequestContext, id: number) {
  const res = await request.put(`/api/warehouses/${id}`, { headers: SAME_ORIGIN, data: { isDefault: true } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { warning?: string };
}

test.describe("the command palette as operator", () => {
  test.use({ storageState: storageStateFor("operator") });

  test("Ctrl-K, izmir, Enter lands on the İzmir warehouse; it is then a recent item", async ({ page }) => {
    await page.goto("/activity");
    const dialog = await openPalette(page);
    await page.keyboard.type("izmir");
    const izmir = dialog.getByRole("option", { name: /İzmir Şube/ }).filter({ hasText: "Code IZM01" });
    await expect(izmir).toBeVisible();
    await expect(izmir).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/warehouses\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "İzmir Şube" })).toBeVisible();

    // Pages found by their Turkish-folded names, opened with the arrow keys; both are recent after.
    await openPalette(page);
    const recent = dialog.getByRole("group", { name: "Recent" });
    await expect(recent.getByRole("option", { name: /İzmir Şube/ })).toBeVisible();
    await page.keyboard.type("team");
    await expect(dialog.getByTestId("palette-searching")).toHaveCount(0);
    await expect(dialog.getByRole("option", { name: "Team" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/team$/);
    await openPalette(page);
    await expect(recent.getByRole("option")).toHaveText([/^Team/, /İzmir Şube/]);

    // Nothing matches: the no-match state, not an error.
    await page.keyboard.type(`zz-nothing-${unique()}`);
    await expect(dialog.getByTestId("palette-no-match")).toContainText("No warehouse, page or action matches");
    await expect(dialog.getByTestId("palette-error")).toHaveCount(0);

    // Single-key shortcuts stay quiet while the palette is open, even with the focus off its field;
    // Ctrl-K closes it again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("g");
    await page.keyboard.press("a");
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/team$/);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Control+K");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/team$/);
  });

  test("stok finds the stock import alone, and Enter opens that import's dialog on the ERP page, which still asks to confirm", async ({ page }) => {
    await page.goto("/warehouses");
    const dialog = await openPalette(page);
    await page.keyboard.type("stok");
    await expect(dialog.getByTestId("palette-searching")).toHaveCount(0);
    const start = dialog.getByRole("option", { name: /Start stock import/ });
    await expect(start).toHaveAttribute("aria-disabled", "false");
    await expect(start).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("group", { name: "Actions" }).getByRole("option")).toHaveCount(1);
    // No warehouse is called stok: no empty Warehouses heading.
    await expect(dialog.getByText("Warehouses", { exact: true })).toHaveCount(0);
    await page.keyboard.press("Enter");
    const confirm = page.getByTestId("import-dialog-stock");
    await expect(confirm.getByRole("heading", { name: /^Start the stock import( again)?\?$/ })).toBeVisible();
    await expect(confirm.locator(":focus")).toHaveCount(1);
    await expect(page).toHaveURL(/\/erp#imports$/);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId("import-card-stock").getByRole("button", { name: "Start stock import" })).toBeFocused();

    await openPalette(page);
    await page.keyboard.type("transfer orders");
    await expect(dialog.getByTestId("palette-searching")).toHaveCount(0);
    await expect(dialog.getByRole("option", { name: /Transfer orders to the ERP/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/erp#transfer$/);
    await expect(page.getByTestId("transfer-form").getByRole("textbox").first()).toBeFocused();
  });

  test("a search while the platform is down says so (never no match), and its retry works once it is back", async ({ page }) => {
    test.slow();
    await page.goto("/activity");
    const t = unique();
    // The index answers searches from memory; it must be rebuilt for the outage to reach a search. A
    // make-default whose previous default cannot be unmarked throws the index away (service.ts).
    const a = await createWarehouse(page.request, `E2E Palette A ${t}`, `PAL-${t}-A`);
    const c = await createWarehouse(page.request, `E2E Palette C ${t}`, `PAL-${t}-C`);
    try {
      await makeDefault(page.request, a.id);
      const stored = await fetch(`${E2E_EMULATOR_URL}/v1/stores/${a.id}`, { headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}` } });
      // A platform that keeps a marked, and fails to unmark it.
      const body = { ...((await stored.json()) as Record<string, unknown>), isDefault: 1, isActive: 1 };
      await emulator.addFault({ method: "GET", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 200, body });
      await emulator.addFault({ method: "PUT", path: `/v1/stores/${a.id}`, times: 1, kind: "respond", status: 500, body: { status: "error", message: "unmark failed" } });
      expect((await makeDefault(page.request, c.id)).warning).toBe("defaultNotSettled");
      await emulator.clearFaults();
      await emulator.addFault({ method: "GET", path: "/v1/stores", kind: "respond", status: 503, body: { status: "error", message: "Bakım" } });

      const dialog = await openPalette(page);
      await page.keyboard.type(`Palette C ${t}`);
      const error = dialog.getByTestId("palette-error");
      await expect(error).toContainText("The warehouses could not be searched: The Labs platform", { timeout: 15_000 });
      await expect(error).toContainText("Try the search again");
      await expect(dialog.getByTestId("palette-no-match")).toHaveCount(0);
      await expect(dialog.getByTestId("palette-warehouse")).toHaveCount(0);
      await expect(dialog.getByTestId("palette-status")).toContainText("could not be searched");
      await expectAccessible(page);

      await emulator.clearFaults();
      await expect(error).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Enter");
      const found = dialog.getByRole("option", { name: new RegExp(`E2E Palette C ${t}`) });
      await expect(found).toBeVisible({ timeout: 15_000 });
      await expect(error).toHaveCount(0);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/warehouses/${c.id}$`));
    } finally {
      await emulator.clearFaults();
      // ONLINE (id 1) is the default other tests expect.
      await makeDefault(page.request, 1);
    }
  });
});

test.describe("the command palette as viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("lists what the role may not start as disabled, with the reasons, and passes axe in light and dark", async ({ page }) => {
    await page.goto("/warehouses");
    const dialog = await openPalette(page);
    const actions = dialog.getByRole("group", { name: "Actions" });
    const newWarehouse = actions.getByRole("option", { name: /New warehouse/ });
    await expect(newWarehouse).toHaveAttribute("aria-disabled", "true");
    await expect(newWarehouse).toContainText(WRITE_REASON);
    for (const name of [/Transfer orders to the ERP/, /Start stock import/, /Start price import/, /Start product import/]) {
      const option = actions.getByRole("option", { name });
      await expect(option).toHaveAttribute("aria-disabled", "true");
      await expect(option).toContainText(ERP_REASON);
    }
    // Pages stay open to a viewer (all but the admins' API keys page).
    await expect(dialog.getByRole("group", { name: "Go to" }).getByRole("option")).toHaveCount(11);
    await expectAccessible(page);

    // A disabled action is never the one Enter would choose.
    await page.keyboard.type("new warehouse");
    await expect(newWarehouse).toBeVisible();
    await expect(dialog.getByTestId("palette-searching")).toHaveCount(0);
    await expect(newWarehouse).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await openPalette(page);
    await page.keyboard.type("izmir");
    await expect(dialog.getByRole("option", { name: /İzmir Şube/ }).filter({ hasText: "Code IZM01" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the header's button opens it where there is no keyboard, and Escape gives the focus back", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/alerts");
    const button = page.getByRole("button", { name: "Open the command palette" });
    await button.click();
    await expect(palette(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("combobox", { name: "Search warehouses, pages and actions" })).toBeFocused();
    await page.getByRole("option", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await button.click();
    await expect(palette(page).getByRole("group", { name: "Recent" }).getByRole("option", { name: "Activity" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the ? sheet lists Ctrl-K, and owns the keys while open", async ({ page }) => {
    await page.goto("/warehouses");
    // Loaded once, so that a palette wrongly opened over the sheet below would show at once.
    await openPalette(page);
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await page.keyboard.press("?");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("row", { name: /Ctrl\s*\+\s*K\s*Open the command palette/ })).toBeVisible();
    await page.keyboard.press("Control+K");
    // Escape closes the top dialog: the sheet, if no palette opened over it.
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(palette(page)).toHaveCount(0);
  });
});

test.describe("recent items end with the session", () => {
  test("sign out, sign out everywhere and a session ended elsewhere leave nothing of the palette in the browser", async ({ browser }) => {
    // A member of its own: "sign out everywhere" must not end the sessions other specs share.
    const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
    const email = `palette-${unique().toLowerCase()}@demo.local`;
    const password = "quill-harbor-lantern-47";
    expect((await admin.post("/api/team", { headers: SAME_ORIGIN, data: { email, name: "Palette Member", role: "viewer", password } })).status()).toBe(201);
    await admin.dispose();

    const kept = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith("labs.palette.")));
    const openIzmir = async (page: Page) => {
      const dialog = await openPalette(page);
      await page.keyboard.type("izmir");
      await expect(dialog.getByRole("option", { name: /İzmir Şube/ }).filter({ hasText: "Code IZM01" })).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/warehouses\/\d+$/);
      expect(await kept(page)).toHaveLength(1);
    };
    const signInAgain = async (page: Page) => {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    };

    const { context, page } = await signedIn(browser, email, password);
    try {
      await openIzmir(page);
      await signOut(page);
      await expect(page).toHaveURL(/\/login\?reason=signed_out$/);
      expect(await kept(page)).toEqual([]);

      await signInAgain(page);
      await openIzmir(page);
      await signOutEverywhere(page);
      await expect(page).toHaveURL(/\/login\?reason=signed_out$/);
      expect(await kept(page)).toEqual([]);

      // Ended from elsewhere: this page learns it on its next load, on the sign-in page.
      await signInAgain(page);
      await openIzmir(page);
      expect((await page.request.post("/api/auth/sessions/end-all", { headers: SAME_ORIGIN, data: { confirm: true } })).status()).toBe(200);
      await page.reload();
      await expect(page).toHaveURL(/\/login/);
      await expect.poll(() => kept(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test.describe("Turkish words on the English page", () => {
  test("başarısız, kuyruk, karanlık and çıkış find the failures inbox, the queue, the dark theme and sign-out", async ({ browser }) => {
    // A member of its own: signing out from the palette must not end a session other specs share.
    const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
    const email = `palette-tr-${unique().toLowerCase()}@demo.local`;
    const password = "quill-harbor-lantern-47";
    expect((await admin.post("/api/team", { headers: SAME_ORIGIN, data: { email, name: "Palette Words", role: "operator", password } })).status()).toBe(201);
    await admin.dispose();
    const { context, page } = await signedIn(browser, email, password);
    try {
      const choose = async (typed: string, option: string) => {
        const dialog = await openPalette(page);
        await page.keyboard.type(typed);
        await expect(dialog.getByRole("option", { name: option, exact: true })).toHaveAttribute("aria-selected", "true");
        await page.keyboard.press("Enter");
        await expect(dialog).toBeHidden();
      };
      await choose("başarısız", "Failures inbox");
      await expect(page).toHaveURL(/\/erp\/failures$/);
      await choose("KUYRUK", "Order queue");
      await expect(page).toHaveURL(/\/erp#queue$/);
      await choose("karanlık", "Switch to the dark theme");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await choose("çıkış", "Sign out");
      await expect(page).toHaveURL(/\/login\?reason=signed_out$/);
    } finally {
      await context.close();
    }
  });
});
