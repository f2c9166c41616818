import { test as base, type Browser, type Page } from "@playwright/test";
import { E2E_BASE_URL, storageStateFor, type E2ERole } from "@/e2e/env";

// Each role in its own context, so a test can hold two at once; Playwright gives every new context the test's `use` options.

export interface RolePages {
  asAdmin: Page;
  asOperator: Page;
  asViewer: Page;
}

async function pageAs(browser: Browser, role: E2ERole, provide: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor(role) });
  try {
    await provide(await context.newPage());
  } finally {
    await context.close();
  }
}

export const test = base.extend<RolePages>({
  asAdmin: async ({ browser }, use) => pageAs(browser, "admin", use),
  asOperator: async ({ browser }, use) => pageAs(browser, "operator", use),
  asViewer: async ({ browser }, use) => pageAs(browser, "viewer", use),
});

export { expect } from "@playwright/test";
