import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator } from "@/emulator/server";
import { EmulatorControl } from "@/scripts/bench/http";
import { generatedPages, generatedWarehouse, seedWarehousesTo } from "@/scripts/bench/index-scale";
import { createUpstreamClient } from "@/lib/upstream/client";
import { WarehouseIndex } from "@/lib/warehouses/warehouse-index";

describe("index scale bench", () => {
  const token = "index-scale-test-token";
  let dir: string;
  let emulatorUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "labs-index-scale-"));
    const emulator = createEmulator({ token, dbFile: path.join(dir, "e.sqlite"), quiet: true });
    emulatorUrl = (await emulator.listen(0)).url;
    close = () => emulator.close();
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("seeds the emulator up to a total, counting its demo rows, and not past it", async () => {
    const emu = new EmulatorControl(emulatorUrl, token);
    expect(await seedWarehousesTo({ emulatorUrl, token }, emu, 250)).toMatchObject({ before: 7, seeded: 243, total: 250 });
    expect(await seedWarehousesTo({ emulatorUrl, token }, emu, 100)).toMatchObject({ before: 250, seeded: 0, total: 250 });
  });

  it("generates the account the upstream client reads from the emulator: the demo rows, then seeded ones, paged", async () => {
    const client = createUpstreamClient({ baseUrl: emulatorUrl, token, timeoutMs: 5000 });
    const listed = await client.listWarehouses({ page: 3, limit: 100 });
    const page = await generatedPages(250)(3, 100);
    expect(page).toEqual({ items: listed.items, totalPage: listed.totalPage });
    expect(generatedWarehouse(2)).toMatchObject({ name: "İSTANBUL Şube", code: "IST01" });
    const index = new WarehouseIndex({ fetchPage: generatedPages(250) });
    expect((await index.match({ q: "seed depo 243", status: "all", sort: "id.asc" })).items.map((w) => w.id)).toEqual([250]);
  });
});
