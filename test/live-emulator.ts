import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmulator } from "@/emulator/server";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";

export interface LiveEmulator {
  url: string;
  client: UpstreamClient;
  control: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
  close: () => Promise<void>;
}

export async function startLiveEmulator(token: string, name: string): Promise<LiveEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), `labs-${name}-`));
  const emulator = createEmulator({ token, dbFile: path.join(dir, "emulator.sqlite"), quiet: true });
  const { url } = await emulator.listen(0);
  return {
    url,
    client: createUpstreamClient({ baseUrl: url, token, timeoutMs: 1000, retryDelayMs: 10 }),
    async control<T>(method: string, p: string, body?: unknown) {
      const res = await fetch(`${url}/__emulator${p}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`emulator control ${method} ${p}: HTTP ${res.status}`);
      return (await res.json()) as T;
    },
    async close() {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
