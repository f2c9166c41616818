import { expect, test } from "@playwright/test";
import { expectAccessible } from "@/e2e/a11y";
import { storageStateFor } from "@/test/env";
import { chooseOption } from "@/e2e/fixtures";
import { signedIn } from "@/e2e/user-menu";

// The team page and /api/team. Storage states come from e2e/auth.setup.ts (one per role).

const ADMIN = storageStateFor("admin");
const VIEWER = storageStateFor("viewer");

test.describe("team as admin", () => {
  test.use({ storageState: ADMIN });

  test("adds a member, changes its role, refuses a duplicate email and deactivates with confirmation", async ({ page }) => {
    const stamp = Date.now();
    const email = `e2e-${stamp}@demo.local`;
    const name = `E2E Member ${stamp}`;

    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    const table = page.getByTestId("team-table");
    const ownRow = table.getByRole("row", { name: /(^|\s)admin@demo\.local(\s|$)/ });
    await expect(ownRow).toBeVisible();
    await expect(page.getByText("takes effect on the member’s next request", { exact: false })).toBeVisible();
    await expectAccessible(page);

    // The admin's own row cannot be demoted or deactivated, and says why.
    await expect(ownRow.getByRole("combobox")).toBeDisabled();
    await expect(ownRow.getByRole("button", { name: /^Deactivate/ })).toBeDisabled();
    await expect(ownRow).toContainText("You cannot change your own role or deactivate yourself.");

    // Add.
    const form = page.getByTestId("add-member-form");
    const emailInput = form.getByLabel("Email", { exact: true });
    await emailInput.fill(email);
    await form.getByLabel("Name", { exact: true }).fill(name);
    await chooseOption(form.getByLabel("Role", { exact: true }), "Viewer");
    // A common password is refused by the server on the password field, and nobody is added.
    const passwordInput = form.getByLabel("Password (optional)");
    await passwordInput.fill("password1234");
    await form.getByRole("button", { name: "Add member" }).click();
    await expect(form.getByText("This password is too easy to guess.", { exact: false })).toBeVisible();
    await expect(passwordInput).toHaveAttribute("aria-invalid", "true");
    await passwordInput.fill("e2e-member-password");
    await form.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByText(`${name} was added to the team.`)).toBeVisible();
    await expect(emailInput).toHaveValue("");

    const row = table.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) });
    await expect(row).toBeVisible();
    await expect(row.getByRole("combobox", { name: `Role of ${name}` })).toHaveText("Viewer");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Password");

    // Change the role.
    await chooseOption(row.getByRole("combobox", { name: `Role of ${name}` }), "Operator");
    await row.getByRole("button", { name: `Save role of ${name}` }).click();
    await expect(page.getByText(`The role of ${name} is now Operator.`)).toBeVisible();
    await expect(row.getByRole("combobox", { name: `Role of ${name}` })).toHaveText("Operator");
    await expect(row.getByRole("button", { name: `Save role of ${name}` })).toBeDisabled();

    // A duplicate email (in another case) lands on the email field; typed values stay.
    await emailInput.fill(email.toUpperCase());
    await form.getByLabel("Name", { exact: true }).fill("Duplicate Person");
    await form.getByRole("button", { name: "Add member" }).click();
    await expect(form.getByText("A member with this email already exists.")).toBeVisible();
    await expect(emailInput).toHaveAttribute("aria-invalid", "true");
    await expect(emailInput).toBeFocused();
    await expect(emailInput).toHaveValue(email.toUpperCase());
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Duplicate Person");
    await expect(table.getByRole("row", { name: /Duplicate Person/ })).toHaveCount(0);

    // Deactivate: cancelling changes nothing; confirming names the member.
    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    let dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} was deactivated.`)).toBeVisible();
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: `Reactivate ${name}` })).toBeEnabled();
  });
});

test.describe("keys of a deactivated admin", () => {
  test.use({ storageState: ADMIN });

  test("the confirmation says how many keys go, and the key is refused once the admin is deactivated", async ({ page, browser, baseURL }) => {
    const stamp = Date.now();
    const email = `e2e-keys-${stamp}@demo.local`;
    const name = `E2E Key Admin ${stamp}`;
    const password = `violet-harbor-kettle-${stamp}`;
    const added = await page.request.post("/api/team", { headers: { Origin: baseURL! }, data: { email, name, role: "admin", password } });
    expect(added.status()).toBe(201);

    // The new admin signs in and makes a key; keys are named after whoever made them.
    const { context: theirs, page: theirPage } = await signedIn(browser, email, password);
    const expiresOn = new Date(stamp + 30 * 86_400_000).toISOString().slice(0, 10);
    const made = await theirPage.request.post("/api/keys", { headers: { Origin: baseURL! }, data: { name: `E2E key of ${stamp}`, role: "viewer", expiresOn } });
    expect(made.status()).toBe(201);
    const { secret } = await made.json();
    await theirs.close();
    const useKey = async () => (await fetch(`${baseURL}/api/v1/warehouses?limit=10`, { headers: { Authorization: `Bearer ${secret}` } })).status;
    expect(await useKey()).toBe(200);

    await page.goto("/team");
    const row = page.getByTestId("team-table").getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) });
    // Demoting asks first, because it would revoke the key; cancelling keeps both the role and the key.
    await chooseOption(row.getByRole("combobox", { name: `Role of ${name}` }), "Operator");
    await row.getByRole("button", { name: `Save role of ${name}` }).click();
    const demote = page.getByRole("dialog", { name: `Make ${name} Operator?` });
    await expect(demote).toContainText("1 API key they created will be revoked at once; this cannot be undone.");
    await demote.getByRole("button", { name: "Cancel" }).click();
    await expect(demote).toBeHidden();
    expect(await useKey()).toBe(200);

    await page.reload();
    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
    await expect(dialog).toContainText("1 API key they created will be revoked at once; this cannot be undone.");
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(row).toContainText("Deactivated");
    expect(await useKey()).toBe(401);
  });
});

test.describe("team as viewer", () => {
  test.use({ storageState: VIEWER });

  test("sees the team with every control disabled and the reason shown", async ({ page }) => {
    await page.goto("/team");
    await expect(page).toHaveTitle("Team · Labs Console");
    const reason = page.getByTestId("team-manage-reason");
    await expect(reason).toHaveText("Only admins can manage the team.");

    const table = page.getByTestId("team-table");
    await expect(table.getByRole("row", { name: /(^|\s)viewer@demo\.local(\s|$)/ })).toBeVisible();
    const adminRow = table.getByRole("row", { name: /(^|\s)admin@demo\.local(\s|$)/ });
    await expect(adminRow.getByRole("combobox")).toBeDisabled();
    await expect(adminRow.getByRole("combobox")).toHaveAccessibleDescription("Only admins can manage the team.");
    await expect(adminRow.getByRole("button", { name: /^Deactivate/ })).toBeDisabled();

    const form = page.getByTestId("add-member-form");
    await expect(form.getByLabel("Email", { exact: true })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Add member" })).toBeDisabled();
    await expectAccessible(page);
  });
});

const newMember = () => ({ email: `e2e-api-${Date.now()}@demo.local`, name: "API Member", role: "viewer" });

test.describe("team API as viewer", () => {
  test.use({ storageState: VIEWER });

  test("lists the team without secrets but refuses a write with 403", async ({ request, baseURL }) => {
    const list = await request.get("/api/team");
    expect(list.status()).toBe(200);
    const text = await list.text();
    expect(text).not.toMatch(/password_hash|scrypt/);
    expect(JSON.parse(text).items.length).toBeGreaterThanOrEqual(3);

    const res = await request.post("/api/team", { headers: { Origin: baseURL! }, data: newMember() });
    expect(res.status()).toBe(403);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ code: "forbidden" });
  });
});

test.describe("team API as admin", () => {
  test.use({ storageState: ADMIN });

  test("refuses a cross-origin write with 403", async ({ request }) => {
    const res = await request.post("/api/team", { headers: { Origin: "http://evil.example" }, data: newMember() });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: "cross_origin" });
  });

  test("validates the body and the id", async ({ request, baseURL }) => {
    const unknown = await request.post("/api/team", { headers: { Origin: baseURL! }, data: { ...newMember(), admin: true } });
    expect(unknown.status()).toBe(422);
    const badId = await request.patch("/api/team/1.5", { headers: { Origin: baseURL! }, data: { role: "viewer" } });
    expect(badId.status()).toBe(422);
    const missing = await request.patch("/api/team/999999", { headers: { Origin: baseURL! }, data: { role: "viewer" } });
    expect(missing.status()).toBe(404);
  });
});
