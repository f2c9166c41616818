import { expect, test, type Page, type Route } from "@playwright/test";
import { storageStateFor } from "@/test/env";
import { chooseOption } from "@/e2e/fixtures";

// History steps after a reload while the page's server render is late, as on a loaded machine.
test.use({ storageState: storageStateFor("admin") });

const table = (page: Page) => page.getByTestId("activity-table");
async function settled(page: Page) {
  await expect(table(page)).toBeVisible();
  await expect(table(page)).toHaveAttribute("aria-busy", "false");
}

test("back and forward follow the URL while the page's server render is pending", async ({ page }) => {
  const search = page.getByRole("search", { name: "Filter the activity" });
  await page.goto("/activity");
  await settled(page);
  await chooseOption(search.getByLabel("Action", { exact: true }), "Sign-in");
  await expect(page).toHaveURL(/[?&]action=auth\.sign_in/);
  await chooseOption(search.getByLabel("Person", { exact: true }), "viewer@demo.local");
  await expect(page).toHaveURL(/[?&]actor=viewer(%40|@)demo\.local/);
  await settled(page);
  // Every later server render of the page (history steps, prefetches) is held until the end.
  const held: Route[] = [];
  await page.route((url) => url.pathname === "/activity" && url.searchParams.has("_rsc"), (route) => void held.push(route));
  await page.reload();
  await settled(page);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]action=auth\.sign_in/);
  await expect(search.getByLabel("Person", { exact: true })).toHaveText("Everyone", { timeout: 5_000 });
  await expect(search.getByLabel("Action", { exact: true })).toHaveText("Sign-in");
  await page.goBack();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(search.getByLabel("Action", { exact: true })).toHaveText("All actions", { timeout: 5_000 });
  await settled(page);
  await page.goForward();
  await expect(search.getByLabel("Action", { exact: true })).toHaveText("Sign-in", { timeout: 5_000 });
  // Release every held render while the handler is still there (new ones are aborted at once), then let the
  // page go: a held request left behind keeps the context from closing.
  const release = held.splice(0);
  await page.route((url) => url.pathname === "/activity" && url.searchParams.has("_rsc"), (route) => void route.abort().catch(() => undefined));
  await Promise.all(release.map((route) => route.abort().catch(() => undefined)));
  await page.unrouteAll({ behavior: "wait" });
  await page.close();
});
