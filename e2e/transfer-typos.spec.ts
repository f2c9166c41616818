import { expect, test } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { LOCALE_COOKIE } from "@/lib/i18n/config";

// Typo-aware paste: a letter that looks like a digit and an id split by a space are offered fixed, by keyboard too;
// a fix changes only the list, and the rest of what was typed stays.

test.use({ storageState: storageStateFor("operator") });

test("offers 35721O5 → 3572105 and 3572 105 → 3572105, marks what changes, and fixes only the list", async ({ page }) => {
  await page.goto("/erp");
  const ids = page.getByLabel("Order ids", { exact: true });
  await ids.fill("3572100\n35721O5, abc\nplease send 3572 106 too");
  await page.getByRole("button", { name: "Check ids" }).click();
  const typos = page.getByTestId("transfer-typo");
  await expect(typos).toHaveCount(2);
  await expect(typos.nth(0).getByTestId("transfer-typo-from").locator("mark")).toHaveText("O");
  await expect(typos.nth(0)).toContainText("3572105?");
  await expect(typos.nth(1).getByTestId("transfer-typo-from").locator("mark")).toHaveText("\u2423");
  await expect(typos.nth(1)).toContainText("3572106?");
  await expectAccessible(page);

  // By keyboard: the fix button is reached with Tab and pressed with Enter.
  const fix = typos.nth(0).getByRole("button", { name: /^Use 3572105/ });
  await fix.focus();
  await page.keyboard.press("Enter");
  await expect(ids).toHaveValue("3572100\n3572105, abc\nplease send 3572 106 too");
  await typos.nth(0).getByRole("button", { name: /^Use 3572106/ }).click();
  await expect(ids).toHaveValue("3572100\n3572105, abc\nplease send 3572106 too");
  await expect(page.getByTestId("transfer-typo")).toHaveCount(0);
  await expect(page.getByTestId("transfer-preview-count")).toContainText("3 orders");
});

test("in Turkish, with ı for 1", async ({ page }) => {
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: "tr", url: E2E_BASE_URL }]);
  try {
    await page.goto("/erp");
    const ids = page.getByLabel("Sipariş kimlikleri", { exact: true });
    await ids.fill("357ı105");
    await page.getByRole("button", { name: "Kimlikleri denetle" }).click();
    const typo = page.getByTestId("transfer-typo");
    await expect(typo).toContainText("rakama benzeyen bir harf");
    await typo.getByRole("button", { name: /^3571105 kullan/ }).click();
    await expect(ids).toHaveValue("3571105");
  } finally {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "en", url: E2E_BASE_URL }]);
  }
});
