import type { Page } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL } from "@/test/env";
import { chooseOption, expect, test } from "@/e2e/fixtures";
import { startReceiver } from "@/test/alert-servers";

// Home, its chart, the nav badge and the failures inbox count the same open orders, after a retry from the inbox and after a
// stopped run is resumed; the inbox names its orders; a shift handover is pinned for the next member until they read it.

const TRANSFER = "/v1/action/orders-erp-transfer";
const headers = (key?: string) => ({ origin: E2E_BASE_URL, ...(key ? { "Idempotency-Key": key } : {}) });

test.afterEach(async () => {
  await emulator.clearFaults();
});

async function finished(page: Page, runId: string) {
  await expect
    .poll(async () => ((await (await page.request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state, { timeout: 60_000 })
    .toBe("completed");
}

/** What each place says is open, read from the pages a member sees. */
async function openEverywhere(page: Page) {
  await page.goto("/");
  const tile = page.getByTestId("home-failures-open");
  await expect(tile.or(page.getByTestId("home-failures-empty"))).toBeVisible();
  const outcomes = page.getByTestId("home-outcomes");
  await outcomes.getByText("Show the numbers").click();
  const cells = await outcomes.locator('[data-testid="home-outcomes-row"] [data-outcome="failed"], [data-testid="home-outcomes-row"] [data-outcome="unknown"], [data-testid="home-outcomes-row"] [data-outcome="not_sent"], [data-testid="home-outcomes-row"] [data-outcome="rejected"]').allTextContents();
  await expect.poll(async () => page.getByTestId("nav-failures").getAttribute("data-count")).not.toBeNull();
  const home = { tile: (await tile.count()) ? Number(await tile.getAttribute("data-count")) : 0, chart: cells.reduce((n, c) => n + Number(c.replace(/\D/g, "")), 0), badge: Number(await page.getByTestId("nav-failures").getAttribute("data-count")) };
  await page.goto("/erp/failures");
  const inbox = Number((await page.getByTestId("failures-total").textContent())!.replace(/\D/g, ""));
  return { ...home, inbox };
}

async function attentionRun(page: Page, runId: string) {
  const tile = (await (await page.request.get("/api/home/transfers")).json()) as { runs: { id: string; open: number }[] };
  return tile.runs.find((r) => r.id === runId)?.open ?? 0;
}

test("a run retried from the inbox and a stopped run resumed leave Home, the chart, the badge and the inbox agreeing", async ({ asOperator: page }) => {
  test.setTimeout(180_000);
  const ids = await emulatorOrders.pending(3);
  await emulator.addFault({ method: "POST", path: TRANSFER, kind: "respond", status: 503, times: 1 });
  const started = await page.request.post("/api/erp/transfers", { headers: headers(`home-open-${Date.now()}`), data: { orderIds: ids } });
  expect(started.status()).toBe(201);
  const runId = ((await started.json()) as { run: { id: string } }).run.id;
  await finished(page, runId);

  const before = await openEverywhere(page);
  expect(before).toEqual({ tile: before.inbox, chart: before.inbox, badge: before.inbox, inbox: before.inbox });
  expect(await attentionRun(page, runId)).toBe(3);

  // The inbox names the group's orders and links its run; the resolve dialog names them too.
  await page.goto(`/erp/failures?run=${runId}`);
  const group = page.locator('[data-testid="failures-group"][data-reason-code="server_error:503"]');
  await expect(group.getByTestId("failures-order-id")).toHaveText(ids);
  await expect(group.getByTestId("failures-run-link")).toHaveAttribute("href", `/erp/transfers/${runId}`);
  await group.getByRole("button", { name: "Mark resolved" }).click();
  const dialog = page.getByTestId("failures-dialog");
  for (const id of ids) await expect(dialog.getByTestId("failures-order-id").filter({ hasText: id })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await group.getByRole("button", { name: "Retry all 3" }).click();
  await dialog.getByRole("button", { name: "Send 3 orders" }).click();
  await expect(page).toHaveURL(/\/erp\/transfers\/[0-9a-f-]{36}$/);
  const retryRun = page.url().split("/").pop()!;
  await finished(page, retryRun);
  await page.reload();
  await expect(page.getByTestId("run-origin")).toHaveText("Resend of unknown outcomes, from the failures inbox");

  const afterRetry = await openEverywhere(page);
  expect(afterRetry).toEqual({ tile: before.inbox - 3, chart: before.inbox - 3, badge: before.inbox - 3, inbox: before.inbox - 3 });
  expect(await attentionRun(page, runId)).toBe(0);

  // Stopped part way, then resumed: its unsent orders count while open, and leave every count once sent.
  const many = await emulatorOrders.seed(300);
  await emulator.addFault({ path: TRANSFER, latencyMs: 1500 });
  const slow = await page.request.post("/api/erp/transfers", { headers: headers(`home-open-stop-${Date.now()}`), data: { orderIds: many } });
  const slowRun = ((await slow.json()) as { run: { id: string } }).run.id;
  await expect.poll(async () => ((await (await page.request.get(`/api/erp/transfers/${slowRun}`)).json()) as { run: { state: string } }).run.state, { timeout: 30_000 }).toBe("running");
  expect((await page.request.post(`/api/erp/transfers/${slowRun}/stop`, { headers: headers() })).status()).toBeLessThan(300);
  await finished(page, slowRun);
  await emulator.clearFaults();
  const unsent = await attentionRun(page, slowRun);
  expect(unsent).toBeGreaterThan(0);
  const stopped = await openEverywhere(page);
  expect(stopped).toEqual({ tile: afterRetry.inbox + unsent, chart: afterRetry.inbox + unsent, badge: afterRetry.inbox + unsent, inbox: afterRetry.inbox + unsent });

  const resumed = await page.request.post("/api/erp/transfers", { headers: headers(`home-open-resume-${Date.now()}`), data: { retry: "unsent", parentRunId: slowRun } });
  expect(resumed.status()).toBe(201);
  await finished(page, ((await resumed.json()) as { run: { id: string } }).run.id);
  expect(await openEverywhere(page)).toEqual(afterRetry);
  expect(await attentionRun(page, slowRun)).toBe(0);
});

test("a handover written by an operator is pinned on the viewer's Home until read; a channel that is down keeps the text", async ({ asOperator: operator, asViewer: viewer, asAdmin: admin }) => {
  const stamp = Date.now();
  const live = await startReceiver("handover-e2e-signing-secret");
  const deadPort = await (async () => {
    const dead = await startReceiver("handover-e2e-dead");
    const port = new URL(dead.url).port;
    await dead.close();
    return port;
  })();
  const channels: string[] = [];
  let handoverId: string | null = null;
  try {
    for (const [name, url] of [[`Handover hook ${stamp}`, `${live.url}/hooks`], [`Dead hook ${stamp}`, `http://127.0.0.1:${deadPort}/hooks`]] as const) {
      const res = await admin.request.post("/api/alerts/channels", { headers: headers(), data: { name, kind: "webhook", enabled: true, events: ["transfer.attention"], url, signingSecret: "handover-e2e-signing-secret" } });
      expect(res.status(), await res.text()).toBe(201);
      channels.push(((await res.json()) as { channel: { id: string } }).channel.id);
    }

    await operator.goto("/");
    await operator.getByTestId("home-action-handover").click();
    await expect(operator).toHaveURL(/\/handover$/);
    await operator.getByTestId("handover-write").click();
    const text = operator.getByTestId("handover-text");
    await expect(text).toContainText(/^Shift handover, .+ by Onur Operator/);
    await expect(text).toContainText(/Still open in the failures inbox|Nothing open in the failures inbox/);
    const body = await text.textContent();

    await chooseOption(operator.getByLabel("Alert channel"), `Dead hook ${stamp}`);
    await operator.getByTestId("handover-send").click();
    await expect(operator.getByTestId("handover-failure")).toContainText("The channel did not take the handover");
    await expect(text).toHaveText(body!);

    await chooseOption(operator.getByLabel("Alert channel"), `Handover hook ${stamp}`);
    await operator.getByTestId("handover-send").click();
    await expect.poll(() => live.received.length).toBe(1);
    expect(JSON.parse(live.received[0]!.body)).toMatchObject({ type: "handover" });

    await viewer.goto("/");
    const pinned = viewer.getByTestId("home-handover-pinned");
    await expect(pinned).toContainText(/^Handover from Onur Operator/);
    await expect(viewer.getByTestId("home-handover-pinned-text")).toHaveText(body!);
    handoverId = await pinned.getAttribute("data-handover-id");
    await pinned.getByRole("button", { name: "Mark as read" }).click();
    await expect(pinned).toHaveCount(0);
    await viewer.reload();
    await expect(viewer.getByTestId("home-page")).toBeVisible();
    await expect(viewer.getByTestId("home-handover-pinned")).toHaveCount(0);
    await viewer.goto("/handover");
    await expect(viewer.getByTestId("handover-read-only")).toBeVisible();
  } finally {
    // Read by the admin too, so no later spec's Home carries it.
    if (handoverId) await admin.request.post(`/api/home/handovers/${handoverId}/read`, { headers: headers(), data: {} });
    for (const id of channels) await admin.request.delete(`/api/alerts/channels/${id}`, { headers: headers() });
    await live.close();
  }
});
