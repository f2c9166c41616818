import { E2E_BASE_URL } from "@/test/env";
import { expect, test } from "@/e2e/fixtures";
import { startReceiver } from "@/test/alert-servers";

// The pushed-order silence rule: an admin sets it on /alerts (a bad value refused on its field and kept), and
// when no order is pushed for its active minutes one alert reaches a real webhook receiver; the page says so.

const SECRET = "whsec-e2e-silence-signing-secret";

test("no order pushed for the set minutes: one alert at the receiver, and the page says the orders are silent", async ({ asAdmin: page }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver(SECRET);
  const origin = { origin: E2E_BASE_URL };
  let channelId: string | null = null;
  try {
    const added = await page.request.post("/api/alerts/channels", {
      headers: origin,
      data: { name: `Order pusher ${Date.now()}`, kind: "webhook", enabled: true, events: ["orders.silent"], url: `${receiver.url}/silence`, signingSecret: SECRET },
    });
    expect(added.status(), await added.text()).toBe(201);
    channelId = ((await added.json()) as { channel: { id: string } }).channel.id;

    await page.goto("/alerts");
    const rules = page.getByTestId("alert-arrivals");
    const silence = rules.getByLabel("Alert after this many active minutes without a pushed order");
    await expect(rules.getByTestId("alert-arrivals-state")).toContainText("Silence: off.");
    await silence.fill("0");
    await rules.getByRole("button", { name: "Save" }).click();
    await expect(silence).toHaveAttribute("aria-invalid", "true");
    await expect(rules).toContainText("Enter whole minutes from 1 to 10080, or leave empty to turn the rule off.");
    await expect(silence).toHaveValue("0");
    expect(((await (await page.request.get("/api/alerts/arrivals")).json()) as { silenceMinutes: number | null }).silenceMinutes).toBeNull();

    await silence.fill("1");
    await rules.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Pushed-order rules saved.")).toBeVisible();
    await expect(rules.getByTestId("alert-arrivals-state")).toContainText("Silence: an alert after 1 active minute without a push.");

    // The spell counts from the rule's start; the alert tick (ALERT_TICK_SECONDS, 10 s here) finds it.
    await expect.poll(() => receiver.received.length, { timeout: 180_000, intervals: [2_000] }).toBeGreaterThan(0);
    const sent = JSON.parse(receiver.received[0]!.body) as { type: string; title: string; link: string };
    expect(receiver.received[0]!.verified).toBe(true);
    expect(sent).toMatchObject({ type: "orders.silent", title: "No order pushed for 1 active minute" });
    expect(sent.link).toMatch(/\/erp#queue$/);

    await page.reload();
    await expect(rules.getByTestId("alert-arrivals-silent")).toHaveText("Silent now: no push within the set active minutes.");
    await expect(rules.getByLabel("Alert after this many active minutes without a pushed order")).toHaveValue("1");
  } finally {
    await page.request.put("/api/alerts/arrivals", { headers: origin, data: { silenceMinutes: null, volumePercent: null } });
    if (channelId) await page.request.delete(`/api/alerts/channels/${channelId}`, { headers: origin });
    await receiver.close();
  }
});
