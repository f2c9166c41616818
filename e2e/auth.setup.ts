import { expect, test as setup } from "@playwright/test";
import { DEMO_PASSWORD, E2E_BASE_URL, ROLES, storageStateFor } from "@/test/env";

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(`${role}@demo.local`);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    const label = { admin: "Admin", operator: "Operator", viewer: "Viewer" }[role];
    await expect(page.getByTestId("signed-in-user")).toContainText(`Role: ${label}`);
    await page.context().storageState({ path: storageStateFor(role) });
  });
}
