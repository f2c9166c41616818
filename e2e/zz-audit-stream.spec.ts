import http from "node:http";
import { expect, test } from "@playwright/test";
import { streamSignature, STREAM_SIGNATURE_HEADER, STREAM_TIMESTAMP_HEADER } from "@/lib/audit-stream/deliver";
import { E2E_AUDIT_STREAM, E2E_BASE_URL } from "@/test/env";
import { tokenLeaks } from "@/test/token-needles";

// The built console's audit stream: its receiver is down for the whole run before this spec (every delivery fails and
// the Alerts page says so); once it is up, every row of the trail arrives once, in order, signed, and no form of the token.

interface Line {
  id: number;
  action: string;
  target: { type: string; id: string } | null;
}

test("the audit stream catches up once its receiver is up: every row once, in order, signed, and the page says so", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/alerts");
  const panel = page.getByTestId("audit-stream");
  await expect(panel).toContainText(`127.0.0.1:${E2E_AUDIT_STREAM.port}`);
  await expect(async () => {
    await page.reload();
    await expect(panel.getByTestId("audit-stream-failing")).toContainText("ECONNREFUSED", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  const lines: Line[] = [];
  const bodies: string[] = [];
  let badSignatures = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (req.headers[STREAM_SIGNATURE_HEADER] !== streamSignature(E2E_AUDIT_STREAM.secret, String(req.headers[STREAM_TIMESTAMP_HEADER]), body)) badSignatures++;
      bodies.push(body);
      for (const line of body.trim().split("\n")) lines.push(JSON.parse(line) as Line);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(E2E_AUDIT_STREAM.port, "127.0.0.1", resolve));
  try {
    const created = await page.request.post("/api/warehouses", {
      headers: { Origin: E2E_BASE_URL },
      data: { name: `Akış Deposu ${Date.now()}`, code: `STR-${Date.now().toString(36).toUpperCase()}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const warehouseId = String((await created.json()).warehouse.id);
    await expect.poll(() => lines.some((l) => l.target?.type === "warehouse" && l.target.id === warehouseId), { timeout: 30_000 }).toBe(true);

    const ids = lines.map((l) => l.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids, "in order, none twice").toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(badSignatures).toBe(0);
    expect(tokenLeaks(bodies.join("\n"))).toEqual([]);

    await page.reload();
    await expect(panel.getByTestId("audit-stream-failing")).toHaveCount(0);
    await expect(panel.getByTestId("audit-stream-state")).toContainText(/Up to date|waiting to be delivered/);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
