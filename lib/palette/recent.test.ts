import { describe, expect, it } from "vitest";
import { RECENT_MAX, RECENT_STORAGE_KEY, loadRecent, parseRecent, pushRecent, rememberRecent, type RecentItem } from "@/lib/palette/recent";

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
}

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
    rememberRecent(storage, izmir);
    rememberRecent(storage, erp);
    expect(loadRecent(storage)).toEqual([erp, izmir]);
    expect(JSON.parse(storage.data.get(RECENT_STORAGE_KEY)!)).toEqual([erp, izmir]);
  });

  it("works without a storage, or with one that refuses", () => {
    expect(loadRecent(null)).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(loadRecent(refusing)).toEqual([]);
    expect(rememberRecent(refusing, izmir)).toEqual([izmir]);
  });
});
