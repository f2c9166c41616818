import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, Keys, RUNS, SEED, STATEFUL, byCheck, run } from "@/e2e/contract/run";
import { E2E_BASE_URL, storageStateFor } from "@/test/env";

// The last spec (its name sorts last): input the document calls valid, drawn from it, sent with an operator key to the
// operations whose success writes what other specs count (transfers, imports, the inbox, the queue, schedules), with
// the checks of e2e/api-contract.spec.ts and a time budget.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BUDGET_MS = Number(process.env.CONTRACT_BUDGET_MS ?? 60_000);

test("generated valid and invalid writes with an operator key: no 5xx, valid taken, invalid refused, answers as documented", async ({ playwright }) => {
  test.setTimeout(BUDGET_MS + 60_000);
  const admin: APIRequestContext = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin"), extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  const keys = new Keys(admin, "operator");
  try {
    const doc = (await (await fetch(`${API}/openapi.json`)).json()) as Json;
    const started = Date.now();
    const { failures, sent, unsent } = await run({
      role: "operator",
      keys,
      doc,
      pins: { path: () => null, body: (_o, body) => body },
      only: (o) => STATEFUL.has(o.op.operationId),
      statefulValid: true,
      deadline: started + BUDGET_MS,
    });
    test.info().annotations.push({ type: "contract", description: `${sent} requests (${unsent} left for the budget) in ${Date.now() - started} ms, seed ${SEED}, ${RUNS} examples per operation` });
    expect(sent).toBeGreaterThan(0);
    expect(failures.slice(0, 40).map((f) => f.text), `${failures.length} failures of ${sent} requests ${JSON.stringify(byCheck(failures))} (CONTRACT_SEED=${SEED})`).toEqual([]);
  } finally {
    // A valid setTransferHold may have left transfers on hold: later runs of any spec would wait.
    expect((await admin.put("/api/erp/hold", { data: { held: false } })).status()).toBe(200);
    await keys.revoke();
    await admin.dispose();
  }
});
