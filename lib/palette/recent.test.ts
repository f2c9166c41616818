import { describe, expect, it } from "vitest";
import { forgetPalette } from "@/lib/palette/forget";
import { RECENT_MAX, loadRecent, parseRecent, pushRecent, recentStorageKey, rememberRecent, type RecentItem } from "@/lib/palette/recent";

const izmir: RecentItem = { kind: "warehouse", id: 3, name: "İzmir Şube", code: "IZM01" };
const erp: RecentItem = { kind: "page", key: "erp" };
const wh = (id: number): RecentItem => ({ kind: "warehouse", id, name: `W${id}`, code: `C${id}` });

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const ADA = "ada@example.test";
const BORA = "bora@example.test";

describe("pushRecent", () => {
  it("puts the newest first and keeps one entry per warehouse or page", () => {
    const list = pushRecent(pushRecent(pushRecent([], izmir), erp), { ...izmir, name: "İzmir Merkez" });
    expect(list).toEqual([{ ...izmir, name: "İzmir Merkez" }, erp]);
  });

  it("keeps at most the last few", () => {
    let list: RecentItem[] = [];
    for (let id = 1; id <= RECENT_MAX + 3; id++) list = pushRecent(list, wh(id));
    expect(list.map((r) => (r.kind === "warehouse" ? r.id : 0))).toEqual([8, 7, 6, 5, 4]);
  });

  it("does not confuse a warehouse with a page", () => {
    expect(pushRecent([{ kind: "page", key: "warehouses" }], wh(1))).toHaveLength(2);
  });
});

describe("parseRecent", () => {
  it("reads back what was stored", () => {
    expect(parseRecent(JSON.stringify([izmir, erp]))).toEqual([izmir, erp]);
  });

  it("drops what is not a recent item, and never throws", () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent("not json")).toEqual([]);
    expect(parseRecent('{"kind":"page","key":"erp"}')).toEqual([]);
    const mixed = [izmir, { kind: "page", key: "nowhere" }, { kind: "warehouse", id: -1, name: "x", code: "y" }, { kind: "warehouse", id: 4, name: "x", code: "y", extra: 1 }, "erp", erp];
    expect(parseRecent(JSON.stringify(mixed))).toEqual([izmir, erp]);
  });

  it("keeps the first of duplicates and at most the maximum", () => {
    const many = [izmir, { ...izmir, name: "other" }, ...[1, 2, 4, 5, 6, 7].map(wh)];
    const read = parseRecent(JSON.stringify(many));
    expect(read).toHaveLength(RECENT_MAX);
    expect(read[0]).toEqual(izmir);
  });
});

describe("the browser storage", () => {
  it("remembers across loads", () => {
    const storage = new MemoryStorage();
    rememberRecent(storage, ADA, izmir);
    rememberRecent(storage, ADA, erp);
    expect(loadRecent(storage, ADA)).toEqual([erp, izmir]);
    expect(JSON.parse(storage.data.get(recentStorageKey(ADA))!)).toEqual([erp, izmir]);
  });

  it("keeps each member's items apart, under a key that names no address", () => {
    const storage = new MemoryStorage();
    rememberRecent(storage, ADA, izmir);
    expect(loadRecent(storage, BORA)).toEqual([]);
    expect(loadRecent(storage, " ADA@example.test ")).toEqual([izmir]);
    expect(recentStorageKey(ADA)).toMatch(/^labs\.palette\.recent\.[0-9a-f]{8}$/);
    expect(recentStorageKey(ADA)).not.toBe(recentStorageKey(BORA));
    // The key from before items were per member is not read.
    storage.setItem("labs.palette.recent", JSON.stringify([erp]));
    expect(loadRecent(storage, BORA)).toEqual([]);
  });

  it("forgets every member's items, and only the palette's", () => {
    const storage = new MemoryStorage();
    rememberRecent(storage, ADA, izmir);
    rememberRecent(storage, BORA, erp);
    storage.setItem("labs.palette.recent", "[]");
    storage.setItem("theme", "dark");
    forgetPalette(storage);
    expect([...storage.data.keys()]).toEqual(["theme"]);
    expect(loadRecent(storage, ADA)).toEqual([]);
    forgetPalette(null);
    forgetPalette({
      get length(): number {
        throw new Error("SecurityError");
      },
      key: () => null,
      removeItem: () => undefined,
    });
  });

  it("works without a storage, or with one that refuses", () => {
    expect(loadRecent(null, ADA)).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(loadRecent(refusing, ADA)).toEqual([]);
    expect(rememberRecent(refusing, ADA, izmir)).toEqual([izmir]);
  });
});
