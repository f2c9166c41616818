import { expect, test, type Page } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";
import { startSmtp, type Mail } from "@/test/alert-servers";
import { chooseOption } from "@/e2e/fixtures";

// Issue 28: a digest arrives at a real SMTP server with the right counts. The store is shared with other specs, so
// the counts are read as the change a failed transfer makes between two digests sent now from the page.

test.use({ storageState: storageStateFor("admin") });

test.afterEach(async () => {
  await emulator.clearFaults();
});

function digestCounts(mail: Mail) {
  const runs = /Runs: (\d+) complete, (\d+) complete with rejections, (\d+) need attention, (\d+) interrupted, (\d+) still running\./.exec(mail.text);
  const open = /Open exceptions: (\d+) failed, (\d+) unknown, (\d+) not sent, (\d+) rejected\./.exec(mail.text);
  const total = /digest so far: (\d+) transfer runs?, (\d+) open exceptions?/.exec(mail.subject);
  expect(runs && open && total, mail.text).toBeTruthy();
  const [r, o, t] = [runs!, open!, total!].map((m) => m.slice(1).map(Number)) as [number[], number[], number[]];
  return { runs: t[0], open: t[1], complete: r[0], withRejections: r[1], needsAttention: r[2], interrupted: r[3], running: r[4], failed: o[0], unknown: o[1], notSent: o[2], rejected: o[3] };
}

/** The add-channel form on /alerts, filled in for e-mail through a local SMTP server; the rest is the test's. */
async function openEmailChannelForm(page: Page, name: string, port: number, recipients: string) {
  await page.goto("/alerts");
  await page.getByTestId("alert-channel-add").click();
  const form = page.getByTestId("alert-channel-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await chooseOption(form.getByLabel("Kind", { exact: true }), "E-mail");
  await form.getByLabel("SMTP server").fill("127.0.0.1");
  await form.getByLabel("Port", { exact: true }).fill(String(port));
  await chooseOption(form.getByLabel("TLS", { exact: true }), "None (on a trusted network only)");
  await form.getByLabel("From address").fill("console@ops.example.com");
  await form.getByLabel("Recipients").fill(recipients);
  return form;
}

test("an e-mail digest sent now carries a failed transfer's counts", async ({ page }) => {
  test.setTimeout(60_000);
  const smtp = await startSmtp();
  const name = `Ops digest ${Date.now()}`;
  // Twelve hours from now on any clock: the day's slot began long before this test and lasts beyond it.
  const time = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, "0")}:00`;
  try {
    const form = await openEmailChannelForm(page, name, smtp.port, "ops@example.com");
    await chooseOption(form.getByLabel("Delivery"), "Daily digest");
    await form.getByLabel("Daily digest time").fill(time);
    await form.getByTestId("alert-channel-save").click();
    await expect(page.getByText(`Channel “${name}” added.`)).toBeVisible();
    const row = page.getByTestId("alert-channel-row").filter({ hasText: name });
    await expect(row.getByTestId("alert-channel-delivery")).toHaveText(`Daily digest at ${time}`);

    const sendNow = async () => {
      const before = smtp.mails.length;
      await row.getByRole("button", { name: `Send the digest of ${name} now` }).click();
      await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(before + 1);
      return smtp.mails.at(-1)!;
    };
    const first = await sendNow();
    expect(first.to).toEqual(["ops@example.com"]);
    expect(first.text).toContain("Sent on request by Ayşe Admin; the scheduled digest still goes out.");
    expect(first.text).toContain("/erp/failures");
    expect(first.text).toMatch(/From \d{1,2} \w{3} \d{4}, \d{2}:\d{2} GMT\+3 to .* \(Europe\/Istanbul\)\./);
    // The log, filtered to the channel, shows the digest delivered.
    const delivery = page.getByTestId("alert-delivery-row").first();
    await expect(delivery).toContainText("Digest");
    await expect(delivery.getByTestId("alert-delivery-status")).toHaveText("Delivered", { timeout: 20_000 });
    const before = digestCounts(first);

    // One order, and the platform rate limits its batch (429: it did not act): a run that needs attention, one failed order.
    const [orderId] = await emulatorOrders.pending(1);
    await emulator.addFault({ method: "POST", path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    const started = await page.request.post("/api/erp/transfers", {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `alert-digest-${Date.now()}` },
      data: { orderIds: [orderId] },
    });
    expect(started.status(), await started.text()).toBe(201);
    const runId = ((await started.json()) as { run: { id: string } }).run.id;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string; meanings: { failed: number } } }).run, { timeout: 20_000 })
      .toMatchObject({ state: "completed", meanings: { failed: 1 } });

    const after = digestCounts(await sendNow());
    expect(after).toEqual({ ...before, runs: before.runs! + 1, needsAttention: before.needsAttention! + 1, open: before.open! + 1, failed: before.failed! + 1 });
  } finally {
    const list = (await (await page.request.get("/api/alerts/channels?limit=100")).json()) as { items: { id: string; name: string }[] };
    for (const c of list.items.filter((c) => c.name === name)) await page.request.delete(`/api/alerts/channels/${c.id}`, { headers: { origin: E2E_BASE_URL } });
    await smtp.close();
  }
});

// A MIME encoded-word subject ("=?UTF-8?Q?...?=" or "?B?") as the reader's mail program shows it.
const decodeSubject = (subject: string) =>
  subject.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1"), "latin1").toString().replace(/(%[0-9A-F]{2})+/gi, (m) => decodeURIComponent(m)),
  );

test("a channel set to Türkçe on the form gets its test alert in Turkish", async ({ page }) => {
  const smtp = await startSmtp();
  const name = `Vardiya ${Date.now()}`;
  try {
    const form = await openEmailChannelForm(page, name, smtp.port, "vardiya@example.com");
    await chooseOption(form.getByLabel("Language of the messages"), "Türkçe");
    await form.getByTestId("alert-channel-save").click();
    const row = page.getByTestId("alert-channel-row").filter({ hasText: name });
    await expect(row.getByTestId("alert-channel-language")).toHaveText("Türkçe");

    await row.getByRole("button", { name: `Send a test to ${name}` }).click();
    await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(decodeSubject(mail.subject)).toBe("[Labs konsolu] Deneme uyarısı");
    expect(mail.text).toContain(`“${name}” kanalının denemesi, gönderen: admin@demo.local. Bunu okuyorsanız kanal çalışıyor.`);
    expect(mail.text).not.toMatch(/Test alert|A test of the channel/);
  } finally {
    const list = (await (await page.request.get("/api/alerts/channels?limit=100")).json()) as { items: { id: string; name: string }[] };
    for (const c of list.items.filter((c) => c.name === name)) await page.request.delete(`/api/alerts/channels/${c.id}`, { headers: { origin: E2E_BASE_URL } });
    await smtp.close();
  }
});
