import http from "node:http";
import type { EmulatorControl } from "./http";

// The floor under the transfer ratio: the runner's batches sent straight to the emulator, with no store and no run around them.

const TRANSFER_PATH = "/v1/action/orders-erp-transfer";

function postWithHttp(agent: http.Agent, url: URL, token: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("error", reject);
        res.on("end", () => {
          try {
            JSON.parse(text);
            resolve();
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function postWithFetch(url: URL, token: string, body: string): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "Content-Type": "application/json" }, body });
  JSON.parse(await res.text());
}

export interface TransferFloor {
  transport: "fetch" | "node:http";
  batches: number;
  wallMs: number;
  emulatorMs: number;
  ratio: number;
  perBatchOverheadMs: number;
}

/** Half the ids by the global fetch (the console's transport), half over node:http keep-alive (`fetchOnly`: all by fetch); `latencyMs` as in the slow-upstream transfer. */
export async function measureTransferFloor(
  emulatorUrl: string,
  token: string,
  emu: EmulatorControl,
  orderIds: readonly string[],
  options: { batchSize?: number; latencyMs?: number; fetchOnly?: boolean } = {},
): Promise<TransferFloor[]> {
  const batchSize = options.batchSize ?? 100;
  const latencyMs = options.latencyMs ?? 0;
  const url = new URL(TRANSFER_PATH, emulatorUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const half = Math.floor(orderIds.length / 2);
  const shares: [TransferFloor["transport"], readonly string[]][] = options.fetchOnly
    ? [["fetch", orderIds]]
    : [
        ["fetch", orderIds.slice(0, half)],
        ["node:http", orderIds.slice(half)],
      ];
  const out: TransferFloor[] = [];
  const faultId = latencyMs ? (await emu.call<{ id: number }>("POST", "/faults", { method: "POST", path: TRANSFER_PATH, latencyMs })).id : null;
  try {
    for (const [transport, ids] of shares) {
      const seq = await emu.clearLog();
      const t0 = performance.now();
      let batches = 0;
      for (let i = 0; i < ids.length; i += batchSize) {
        const body = JSON.stringify({ orderIds: ids.slice(i, i + batchSize) });
        if (transport === "fetch") await postWithFetch(url, token, body);
        else await postWithHttp(agent, url, token, body);
        batches++;
      }
      const wallMs = performance.now() - t0;
      const calls = (await emu.requestsSince(seq)).filter((e) => e.method === "POST" && e.path === TRANSFER_PATH);
      const emulatorMs = calls.reduce((n, c) => n + c.durationMs + latencyMs, 0);
      out.push({
        transport,
        batches,
        wallMs: Math.round(wallMs * 10) / 10,
        emulatorMs: Math.round(emulatorMs * 10) / 10,
        ratio: Math.round((wallMs / emulatorMs) * 100) / 100,
        perBatchOverheadMs: Math.round(((wallMs - emulatorMs) / batches) * 100) / 100,
      });
    }
  } finally {
    if (faultId !== null) await emu.call("DELETE", `/faults/${faultId}`);
    agent.destroy();
  }
  return out;
}
