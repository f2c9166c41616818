import type { Page } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL } from "@/test/env";
import { expect, test } from "@/e2e/fixtures";
import { startReceiver, startSmtp } from "@/test/alert-servers";

// The "done when": an admin sends failed transfers to a Slack channel and an e-mail list; an
// operator's transfer that needs attention reaches both, with a link to the run, and nothing else
// about the transfer changes (a receiver is never on the transfer's path).

async function addChannel(page: Page, body: Record<string, unknown>): Promise<string> {
  const res = await page.request.post("/api/alerts/channels", { headers: { origin: E2E_BASE_URL }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { channel: { id: string } }).channel.id;
}

async function removeChannel(page: Page, id: string): Promise<void> {
  await page.request.delete(`/api/alerts/channels/${id}`, { headers: { origin: E2E_BASE_URL } });
}

test("a transfer that ends with failures is sent to a Slack channel and an e-mail list", async ({ asAdmin: admin, asOperator: operator }) => {
  const slack = await startReceiver("unused-slack-has-no-signature");
  const smtp = await startSmtp();
  const channels: string[] = [];
  try {
    const stamp = Date.now();
    channels.push(await addChannel(admin, { name: `Ops Slack ${stamp}`, kind: "slack", enabled: true, events: ["transfer.attention"], url: `${slack.url}/services/T0/B0/slacksecret` }));
    channels.push(
      await addChannel(admin, {
        name: `Ops mail ${stamp}`,
        kind: "email",
        enabled: true,
        events: ["transfer.attention"],
        smtpHost: "127.0.0.1",
        smtpPort: smtp.port,
        smtpTls: "none",
        from: "console@ops.example.com",
        recipients: "ops@example.com, shift-lead@example.com",
      }),
    );

    // The platform is rate limited for the call: both orders failed, and the run needs attention (an order it does
    // not know would be a rejection, which raises no alert).
    const [good] = await emulatorOrders.pending(1);
    await emulator.addFault({ path: "/v1/action/orders-erp-transfer", kind: "respond", status: 429, times: 1 });
    const res = await operator.request.post("/api/erp/transfers", {
      headers: { origin: E2E_BASE_URL, "Idempotency-Key": `alert-transfer-${stamp}` },
      data: { orderIds: [good!, "9999998"] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const runId = ((await res.json()) as { run: { id: string } }).run.id;

    await expect.poll(() => slack.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const message = JSON.parse(slack.received[0]!.body) as { text: string };
    expect(message.text).toContain(runId);
    expect(JSON.stringify(message)).toContain(`/erp/transfers/${runId}`);

    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const mail = smtp.mails[0]!;
    expect(mail.to.sort()).toEqual(["ops@example.com", "shift-lead@example.com"]);
    expect(mail.from).toBe("console@ops.example.com");
    expect(mail.subject).toContain("finished with failures");
    expect(mail.text).toContain(`/erp/transfers/${runId}`);
    expect(mail.text).toContain(`Run ${runId}: 0 transferred, 0 already in the ERP, 0 rejected, 2 failed, 0 unknown, 0 not sent, of 2 orders.`);

    // The run itself says the same: neither order transferred, both worth sending again.
    const run = await (await operator.request.get(`/api/erp/transfers/${runId}?limit=10`)).json();
    expect(run.run.counts).toMatchObject({ total: 2, transferred: 0, notTransferred: 2 });
    expect(run.run.meanings).toMatchObject({ failed: 2 });
    expect(run.run.result).toBe("needs_attention");

    // Both deliveries are in the log that everyone reads, delivered.
    for (const id of channels) {
      await expect
        .poll(async () => ((await (await operator.request.get(`/api/alerts/deliveries?channel=${id}`)).json()) as { items: unknown[] }).items[0], { timeout: 15_000 })
        .toMatchObject({ eventType: "transfer.attention", status: "delivered" });
    }
  } finally {
    for (const id of channels) await removeChannel(admin, id);
    await slack.close();
    await smtp.close();
    await emulator.clearFaults();
  }
});
