import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator } from "@/emulator/server";
import { createUpstreamClient } from "@/lib/upstream/client";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { fold } from "@/lib/warehouses/fold";
import { WarehouseIndex, type IndexPage } from "@/lib/warehouses/warehouse-index";

const w = (id: number, name: string, code: string, extra: Partial<Warehouse> = {}): Warehouse => ({
  id,
  name,
  code,
  erpWarehouseId: null,
  isDefault: false,
  isActive: true,
  ...extra,
});

/** A paged source over a list, counting calls and concurrency like an upstream would see. */
function pagedSource(list: Warehouse[], delayMs = 1) {
  const source = {
    list,
    calls: 0,
    inFlight: 0,
    maxInFlight: 0,
    async fetchPage(page: number, limit: number): Promise<IndexPage> {
      source.calls++;
      source.inFlight++;
      source.maxInFlight = Math.max(source.maxInFlight, source.inFlight);
      await new Promise((r) => setTimeout(r, delayMs));
      source.inFlight--;
      return { items: source.list.slice((page - 1) * limit, page * limit), totalPage: Math.ceil(source.list.length / limit) };
    },
  };
  return source;
}

describe("fold", () => {
  it.each([
    ["İSTANBUL Şube", "istanbul sube"],
    ["ISTANBUL ŞUBE", "istanbul sube"],
    ["ıspartakule", "ispartakule"],
    ["Çağlayan Gölü", "caglayan golu"],
    ["  Ümraniye   Depo ", "umraniye depo"],
  ])("%s -> %s", (input, expected) => {
    expect(fold(input)).toBe(expected);
  });
});

describe("WarehouseIndex", () => {
  const demo = [
    w(1, "Online", "ONLINE", { isDefault: true }),
    w(2, "İSTANBUL Şube", "IST01", { erpWarehouseId: "101" }),
    w(3, "Ankara Depo", "ANK01"),
    w(4, "Bursa Depo", "BUR01", { isActive: false }),
    w(5, "Gaziantep Depo", "GAZ01", { erpWarehouseId: "0042" }),
  ];

  it("searches name, code and ERP id with Turkish folding, over every page", async () => {
    const source = pagedSource(demo);
    const index = new WarehouseIndex({ fetchPage: source.fetchPage, pageSize: 2 });
    expect((await index.match({ q: "istanbul", status: "all", sort: "id.asc" })).items.map((x) => x.id)).toEqual([2]);
    expect((await index.match({ q: "ŞUBE", status: "all", sort: "id.asc" })).items.map((x) => x.id)).toEqual([2]);
    expect((await index.match({ q: "gaz0", status: "all", sort: "id.asc" })).items.map((x) => x.id)).toEqual([5]);
    expect((await index.match({ q: "0042", status: "all", sort: "id.asc" })).items.map((x) => x.id)).toEqual([5]);
    expect((await index.match({ q: "depo", status: "all", sort: "id.asc" })).items.map((x) => x.id)).toEqual([3, 4, 5]);
    expect(source.calls).toBe(3);
  });

  it("filters by status and sorts with Turkish collation both ways", async () => {
    const index = new WarehouseIndex({ fetchPage: pagedSource(demo).fetchPage });
    const ids = async (status: "all" | "active" | "passive" | "default", sort: `${string}.${"asc" | "desc"}`) =>
      (await index.match({ q: "", status, sort: sort as never })).items.map((x) => x.id);
    expect(await ids("passive", "id.asc")).toEqual([4]);
    expect(await ids("default", "id.asc")).toEqual([1]);
    expect(await ids("active", "name.asc")).toEqual([3, 5, 2, 1]);
    expect(await ids("all", "name.desc")).toEqual([1, 2, 5, 4, 3]);
    expect(await ids("all", "erpWarehouseId.asc")).toEqual([5, 2, 1, 3, 4]);
  });

  it("serves a fresh copy, refreshes in the background after the ttl and rebuilds when too old", async () => {
    let now = 0;
    const source = pagedSource([...demo]);
    const index = new WarehouseIndex({ fetchPage: source.fetchPage, ttlMs: 1000, maxStaleMs: 5000, now: () => now });
    await index.match({ q: "", status: "all", sort: "id.asc" });
    expect(source.calls).toBe(1);
    source.list = [...demo, w(6, "Yeni Şube", "NEW01")];
    now = 500;
    expect((await index.match({ q: "", status: "all", sort: "id.asc" })).totalAll).toBe(5);
    expect(source.calls).toBe(1);
    now = 1500; // stale: answers the old copy at once and refreshes behind it
    expect((await index.match({ q: "", status: "all", sort: "id.asc" })).totalAll).toBe(5);
    await index.settled();
    expect((await index.match({ q: "", status: "all", sort: "id.asc" })).totalAll).toBe(6);
    source.list = demo;
    now = 10_000; // too old: waits for a rebuild
    expect((await index.match({ q: "", status: "all", sort: "id.asc" })).totalAll).toBe(5);
  });

  it("shares one build between concurrent queries", async () => {
    const source = pagedSource(demo, 20);
    const index = new WarehouseIndex({ fetchPage: source.fetchPage, pageSize: 2 });
    await Promise.all(Array.from({ length: 5 }, () => index.match({ q: "", status: "all", sort: "id.asc" })));
    expect(source.calls).toBe(3);
  });

  it("applies the console's own writes at once, also when they land during a build", async () => {
    const source = pagedSource([...demo], 30);
    const index = new WarehouseIndex({ fetchPage: source.fetchPage, pageSize: 2 });
    const building = index.match({ q: "", status: "all", sort: "id.asc" });
    await new Promise((r) => setTimeout(r, 5));
    index.upsert(w(3, "Ankara Merkez", "ANK01", { isDefault: true }));
    index.remove(4);
    await building;
    const all = (await index.match({ q: "", status: "all", sort: "id.asc" })).items;
    expect(all.map((x) => x.id)).toEqual([1, 2, 3, 5]);
    expect(all.filter((x) => x.isDefault).map((x) => x.id)).toEqual([3]);
    expect(all.find((x) => x.id === 3)?.name).toBe("Ankara Merkez");
    expect((await index.findByCode(" ANK01 "))?.id).toBe(3);
    expect((await index.defaultWarehouse())?.id).toBe(3);
  });

  it("filters the warehouses that need attention, judged against the whole account", async () => {
    const list = [
      ...demo,
      w(6, "Konya Depo", "KON01", { erpWarehouseId: "0042" }),
      w(7, "İzmir Depo", "IZM 01", { erpWarehouseId: "707" }),
      w(8, "Trabzon Depo", "TRB01", { erpWarehouseId: "808" }),
    ];
    const index = new WarehouseIndex({ fetchPage: pagedSource(list).fetchPage, pageSize: 3 });
    const ids = async (q = "") => (await index.match({ q, status: "attention", sort: "id.asc" })).items.map((x) => x.id);
    // 1, 3 and 4 have no ERP id; 5 and 6 share one; 7's code has a space; 2 and 8 are ready.
    expect(await ids()).toEqual([1, 3, 4, 5, 6, 7]);
    expect(await ids("depo")).toEqual([3, 4, 5, 6, 7]);
    expect(await index.attention([list[0]!, list[1]!, list[4]!, list[6]!])).toEqual([["erpIdPresent"], [], ["erpIdUnique"], ["codePolicy"]]);
    index.upsert({ ...list[5]!, erpWarehouseId: "606" });
    expect(await ids()).toEqual([1, 3, 4, 7]);
    // A new code that reads as 8's (case only) puts both on the list; renaming it takes both off.
    index.upsert(w(9, "Trabzon 2", "trb01", { erpWarehouseId: "909" }));
    expect(await ids()).toEqual([1, 3, 4, 7, 8, 9]);
    expect((await index.findLookalike("TRB01", 9))?.id).toBe(8);
    expect(await index.findLookalike("TRB01", 9, { exact: false })).toBeNull();
    index.upsert(w(9, "Trabzon 2", "TRB02", { erpWarehouseId: "909" }));
    expect(await ids()).toEqual([1, 3, 4, 7]);
  });

  it("takes in fresh upstream rows without unmarking another default, so two defaults show", async () => {
    const index = new WarehouseIndex({ fetchPage: pagedSource(demo).fetchPage });
    expect(await index.attention([demo[2]!])).toEqual([["erpIdPresent"]]);
    index.refresh([{ ...demo[1]!, isDefault: true }]);
    expect(await index.attention([demo[2]!])).toEqual([["erpIdPresent", "oneActiveDefault"]]);
    expect((await index.match({ q: "", status: "default", sort: "id.asc" })).items.map((x) => x.id)).toEqual([1, 2]);
    const checks = await index.readiness({ ...demo[0]!, isDefault: true });
    expect(checks.find((r) => r.check === "oneActiveDefault")).toMatchObject({ state: "fail", reason: "severalDefaults" });
  });

  /** Every sort order and status filter, a search, and each warehouse's checks and readiness. */
  const snapshot = async (of: WarehouseIndex) => {
    const sorts = ["id.asc", "name.asc", "name.desc", "code.desc", "erpWarehouseId.asc", "erpWarehouseId.desc", "isActive.asc", "isDefault.desc"] as const;
    const statuses = ["all", "active", "passive", "default", "attention"] as const;
    const out: unknown[] = [];
    for (const sort of sorts) for (const status of statuses) out.push((await of.match({ q: "", status, sort })).items);
    out.push((await of.match({ q: "sube", status: "attention", sort: "name.asc" })).items);
    const all = (await of.match({ q: "", status: "all", sort: "id.asc" })).items;
    out.push(await of.attention(all), await Promise.all(all.map((x) => of.readiness(x))));
    return out;
  };

  it.each([
    ["a few warehouses changed", 3],
    ["many warehouses changed", 400],
  ])("a background refresh after %s answers as a fresh build would", async (_, changes) => {
    let now = 0;
    const list = Array.from({ length: 600 }, (_, i) => w(i + 1, `Depo ${i + 1}`, `D${i + 1}`, { erpWarehouseId: String(i % 250), isDefault: i === 0 }));
    const source = pagedSource(list);
    const index = new WarehouseIndex({ fetchPage: source.fetchPage, ttlMs: 1000, maxStaleMs: 60_000, now: () => now });
    await snapshot(index);
    const next = list.map((x) => (x.id % Math.ceil(600 / changes) === 0 ? { ...x, name: `Şube ${x.id}`, erpWarehouseId: x.id % 2 ? null : "7" } : x));
    next.splice(10, 1); // removed upstream
    next.push(w(601, "Yeni Depo", "NEW01", { erpWarehouseId: "1", isDefault: true }));
    source.list = next;
    now = 1500;
    await index.match({ q: "", status: "all", sort: "id.asc" }); // stale: refreshes behind the answer
    await index.settled();
    expect(index.stats.builds).toBe(2);
    const fresh = new WarehouseIndex({ fetchPage: pagedSource(next).fetchPage });
    expect(await snapshot(index)).toEqual(await snapshot(fresh));
  });

  it("keeps every sort order, the account facts and the attention filter right across writes, as a fresh build would", async () => {
    // A small seeded generator: names that collate alike, shared and missing ERP ids, several defaults, passive ones.
    let seed = 7;
    const rand = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const names = ["Şube", "sube", "İzmir", "izmir", "Ankara", "ankara 2", "Depo 10", "Depo 9", "Çorum", "Online"];
    const make = (id: number): Warehouse =>
      w(id, `${names[rand(names.length)]} ${rand(3)}`, rand(8) === 0 ? `C ${id}` : rand(6) === 0 ? ["dup", "DUP", "D\u200BUP"][rand(3)]! : `C${rand(50)}-${id}`, {
        erpWarehouseId: rand(4) === 0 ? null : rand(5) === 0 ? ` ${rand(6)} ` : String(rand(30)),
        isActive: rand(5) !== 0,
        isDefault: rand(25) === 0,
      });
    const model = new Map<number, Warehouse>();
    for (let id = 1; id <= 60; id++) model.set(id, make(id));
    const index = new WarehouseIndex({ fetchPage: pagedSource([...model.values()]).fetchPage, pageSize: 7 });
    await snapshot(index); // every sort order and the facts exist before the writes
    for (let step = 0; step < 120; step++) {
      const id = 1 + rand(70);
      const kind = rand(6);
      if (kind === 0) {
        index.remove(id);
        model.delete(id);
      } else if (kind === 1) {
        // Fresh upstream rows, also of a warehouse made elsewhere, keep another default as it is.
        const fresh = make(id);
        index.refresh([fresh]);
        model.set(id, fresh);
      } else {
        const next = make(id);
        index.upsert(next);
        if (next.isDefault) for (const [other, x] of model) if (other !== id && x.isDefault) model.set(other, { ...x, isDefault: false });
        model.set(id, next);
      }
      if (step % 10 === 9) {
        const list = [...model.values()].sort((a, b) => a.id - b.id);
        const fresh = new WarehouseIndex({ fetchPage: pagedSource(list).fetchPage, pageSize: 7 });
        expect(await snapshot(index), `after step ${step}`).toEqual(await snapshot(fresh));
      }
    }
  });

  it("surfaces an upstream failure instead of an empty index", async () => {
    const index = new WarehouseIndex({
      fetchPage: async () => {
        throw new Error("upstream down");
      },
    });
    await expect(index.match({ q: "", status: "all", sort: "id.asc" })).rejects.toThrow("upstream down");
  });
});

describe("WarehouseIndex over the emulator with 10,000 warehouses", () => {
  const TOKEN = "index-test-token";
  let dir: string;
  let close: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "labs-index-"));
    const emulator = createEmulator({ token: TOKEN, dbFile: path.join(dir, "e.sqlite"), quiet: true });
    url = (await emulator.listen(0)).url;
    close = () => emulator.close();
    const res = await fetch(`${url}/__emulator/seed`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ warehouses: 10_000, prefix: "Bulk" }),
    });
    expect(res.ok).toBe(true);
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pages the whole upstream with at most 4 calls in flight", async () => {
    const client = createUpstreamClient({ baseUrl: url, token: TOKEN, timeoutMs: 5000 });
    const index = new WarehouseIndex({ fetchPage: (page, limit) => client.listWarehouses({ page, limit }) });
    const { items, totalAll } = await index.match({ q: "istanbul", status: "all", sort: "name.asc" });
    expect(totalAll).toBe(10_007);
    expect(items.map((x) => x.code)).toEqual(["IST01"]);
    expect(index.stats.upstreamCalls).toBe(101);
    expect(index.stats.maxInFlight).toBeLessThanOrEqual(4);
    const bulk = await index.match({ q: "bulk depo 9999", status: "active", sort: "code.desc" });
    expect(bulk.items.map((x) => x.code)).toEqual(["BULK-09999"]);
  });
});
