import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

// The header's user menu (components/shell/user-menu.tsx): theme, language and signing out live there; and signing in afresh.

export async function openUserMenu(page: Page) {
  const trigger = page.getByTestId("user-menu");
  await expect(trigger).toBeEnabled();
  await trigger.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

export async function chooseTheme(page: Page, name: "Light" | "Dark" | "System" | "Açık" | "Koyu" | "Sistem") {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitemradio", { name, exact: true }).click();
  await expect(menu).toBeHidden();
}

export async function chooseLanguage(page: Page, name: "English" | "Türkçe") {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitemradio", { name, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", name === "English" ? "en" : "tr");
}

export async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: /^(Sign out|Oturumu kapat)$/ }).click();
}

export async function signOutEverywhere(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: /^(Sign out everywhere|Her yerde oturumu kapat)/ }).click();
}

const SESSION_COOKIE = "authjs.session-token";

export async function signedIn(browser: Browser, email: string, password: string): Promise<{ context: BrowserContext; page: Page; cookie: string }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value;
  expect(cookie).toBeTruthy();
  return { context, page, cookie: cookie! };
}
