import {
  accountFacts,
  codeLookalikeOf,
  attentionOf,
  readinessOf,
  type AccountFacts,
  type ReadinessCheck,
  type ReadinessResult,
  type WarehouseSort,
} from "@/lib/rules/warehouse";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { fold } from "@/lib/warehouses/fold";
import { CARRY_OVER_MAX, compareFor, entryOf, insertRef, position, removeRef, sameWarehouse, type Entry, type IndexQuery, type IndexStats, type SortedList, type WarehouseIndexOptions } from "@/lib/warehouses/index-entries";

export type { IndexPage, IndexQuery, IndexStats, WarehouseIndexOptions } from "@/lib/warehouses/index-entries";

// The upstream has no search, sort or filter: an index of all warehouses, refreshed in the background.

const READY: readonly ReadinessCheck[] = Object.freeze([]);

export class WarehouseIndex {
  private entries: Map<number, Entry> | null = null;
  private builtAt = 0;
  private building: Promise<void> | null = null;
  private sorted = new Map<string, SortedList>();
  private facts: AccountFacts | null = null;
  /** Bumped when a change may alter any warehouse's checks (the account's defaults); memoised checks from before are stale. */
  private attentionEpoch = 0;
  private patches: ({ upsert: Warehouse } | { remove: number })[] = [];
  private readonly opts: Required<Omit<WarehouseIndexOptions, "onBackgroundError">> & Pick<WarehouseIndexOptions, "onBackgroundError">;
  readonly stats: IndexStats = { builds: 0, upstreamCalls: 0, maxInFlight: 0, lastBuildMs: 0 };

  constructor(options: WarehouseIndexOptions) {
    this.opts = {
      ttlMs: 30_000,
      maxStaleMs: 5 * 60_000,
      concurrency: 4,
      pageSize: 100,
      now: Date.now,
      ...options,
    };
  }

  invalidate(): void {
    this.entries = null;
    this.changed();
  }

  private changed(): void {
    this.sorted.clear();
    this.facts = null;
    this.attentionEpoch++;
  }

  private put(entries: Map<number, Entry>, e: Entry): void {
    const old = entries.get(e.w.id);
    entries.set(e.w.id, e);
    if (entries === this.entries) this.track(old, e);
  }

  private delete(entries: Map<number, Entry>, id: number): void {
    const old = entries.get(id);
    if (!old) return;
    entries.delete(id);
    if (entries === this.entries) this.track(old, undefined);
  }

  private track(old: Entry | undefined, next: Entry | undefined): void {
    for (const { compare: cmp, list } of this.sorted.values()) {
      if (old) {
        const at = position(list, old, cmp);
        if (list[at] === old) list.splice(at, 1);
        else if (list.includes(old)) list.splice(list.indexOf(old), 1);
      }
      if (next) list.splice(position(list, next, cmp), 0, next);
    }
    const facts = this.facts;
    if (!facts) return;
    const touched = new Set<number>();
    let defaultsChanged = false;
    for (const [w, add] of [
      [old?.w, false],
      [next?.w, true],
    ] as const) {
      if (!w) continue;
      touched.add(w.id);
      const own = accountFacts([w]);
      for (const map of ["erpUses", "codeUses"] as const)
        for (const [key, [ref]] of own[map]) {
          const uses = facts[map].get(key) ?? [];
          if (add) insertRef(uses, ref!);
          else removeRef(uses, w.id);
          if (uses.length > 0) facts[map].set(key, uses);
          else facts[map].delete(key);
          for (const r of uses) touched.add(r.id);
        }
      if (add) {
        for (const ref of own.defaults) insertRef(facts.defaults, ref);
        defaultsChanged ||= own.defaults.length > 0;
      } else {
        defaultsChanged = removeRef(facts.defaults, w.id) || defaultsChanged;
      }
    }
    if (defaultsChanged) this.attentionEpoch++;
    else
      for (const id of touched) {
        const e = this.entries?.get(id);
        if (e) e.attention = undefined;
      }
  }

  upsert(w: Warehouse): void {
    if (this.building) this.patches.push({ upsert: w });
    if (this.entries) this.apply(this.entries, { upsert: w });
  }

  remove(id: number): void {
    if (this.building) this.patches.push({ remove: id });
    if (this.entries) this.apply(this.entries, { remove: id });
  }

  private apply(entries: Map<number, Entry>, patch: { upsert: Warehouse } | { remove: number }): void {
    if ("remove" in patch) {
      this.delete(entries, patch.remove);
    } else {
      const w = patch.upsert;
      if (w.isDefault) {
        const others = [...entries.values()].filter((e) => e.w.id !== w.id && e.w.isDefault);
        for (const e of others) this.put(entries, entryOf({ ...e.w, isDefault: false }));
      }
      this.put(entries, entryOf(w));
    }
  }

  async ready(): Promise<Map<number, Entry>> {
    const age = this.opts.now() - this.builtAt;
    if (this.entries && age < this.opts.ttlMs) return this.entries;
    if (this.entries && age < this.opts.maxStaleMs) {
      if (!this.building) {
        this.rebuild().catch((error) => this.opts.onBackgroundError?.(error));
      }
      return this.entries;
    }
    await this.rebuild();
    return this.entries!;
  }

  /** Resolves once no build is under way (a background refresh included); its failure is the caller's to ignore. */
  async settled(): Promise<void> {
    while (this.building) await this.building.catch(() => undefined);
  }

  private rebuild(): Promise<void> {
    if (!this.building) {
      this.patches = [];
      this.building = this.build().finally(() => {
        this.building = null;
        this.patches = [];
      });
    }
    return this.building;
  }

  private async build(): Promise<void> {
    const started = this.opts.now();
    const { pageSize, concurrency } = this.opts;
    let inFlight = 0;
    const fetch = async (page: number) => {
      inFlight++;
      this.stats.maxInFlight = Math.max(this.stats.maxInFlight, inFlight);
      this.stats.upstreamCalls++;
      try {
        return await this.opts.fetchPage(page, pageSize);
      } finally {
        inFlight--;
      }
    };
    const first = await fetch(1);
    const pages: Warehouse[][] = [first.items];
    let next = 2;
    const worker = async () => {
      while (next <= first.totalPage) {
        const page = next++;
        pages[page - 1] = (await fetch(page)).items;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(0, first.totalPage - 1)) }, worker));
    const old = this.entries;
    const entries = new Map<number, Entry>();
    for (const items of pages) {
      for (const w of items ?? []) {
        // An unchanged warehouse keeps its entry: folded keys, place in the sorted orders, memoised checks.
        const kept = old?.get(w.id);
        entries.set(w.id, kept && sameWarehouse(kept.w, w) ? kept : entryOf(w));
      }
    }
    for (const patch of this.patches) this.apply(entries, patch);
    if (!old || old !== this.entries || !this.carryOver(old, entries)) {
      this.entries = entries;
      this.changed();
    }
    this.builtAt = this.opts.now();
    this.stats.builds++;
    this.stats.lastBuildMs = this.builtAt - started;
  }

  private carryOver(current: Map<number, Entry>, fresh: Map<number, Entry>): boolean {
    const removed: number[] = [];
    const changed: Entry[] = [];
    for (const id of current.keys()) if (!fresh.has(id)) removed.push(id);
    for (const [id, e] of fresh) if (current.get(id) !== e) changed.push(e);
    if (removed.length + changed.length > CARRY_OVER_MAX) return false;
    for (const id of removed) this.delete(current, id);
    for (const e of changed) this.put(current, e);
    return true;
  }

  private sortedBy(entries: Map<number, Entry>, sort: WarehouseSort): Entry[] {
    let sorted = this.sorted.get(sort);
    if (!sorted) {
      const cmp = compareFor(sort);
      sorted = { compare: cmp, list: [...entries.values()].sort(cmp) };
      this.sorted.set(sort, sorted);
    }
    return sorted.list;
  }

  private attentionOfEntry(e: Entry, facts: AccountFacts): readonly ReadinessCheck[] {
    if (e.attention === undefined || e.attentionEpoch !== this.attentionEpoch) {
      const checks = attentionOf(e.w, facts);
      e.attention = checks.length > 0 ? checks : READY;
      e.attentionEpoch = this.attentionEpoch;
    }
    return e.attention;
  }

  async match(query: IndexQuery): Promise<{ items: Warehouse[]; totalAll: number }> {
    const entries = await this.ready();
    const q = fold(query.q);
    const facts = query.status === "attention" ? this.factsOf(entries) : null;
    const out: Warehouse[] = [];
    for (const e of this.sortedBy(entries, query.sort)) {
      if (query.status === "active" && !e.w.isActive) continue;
      if (query.status === "passive" && e.w.isActive) continue;
      if (query.status === "default" && !e.w.isDefault) continue;
      if (facts && this.attentionOfEntry(e, facts).length === 0) continue;
      if (q && !e.name.includes(q) && !e.code.includes(q) && !e.erp.includes(q)) continue;
      out.push(e.w);
    }
    return { items: out, totalAll: entries.size };
  }

  private factsOf(entries: Map<number, Entry>): AccountFacts {
    this.facts ??= accountFacts([...entries.values()].map((e) => e.w));
    return this.facts;
  }

  /** Upstream reads as they are: unlike a console write, one default does not unmark another (readiness must show two). */
  refresh(fresh: readonly Warehouse[]): void {
    if (!this.entries || this.building) return;
    for (const w of fresh) {
      const old = this.entries.get(w.id)?.w;
      if (old && sameWarehouse(old, w)) continue;
      this.put(this.entries, entryOf(w));
    }
  }

  async attention(items: readonly Warehouse[]): Promise<ReadinessCheck[][]> {
    const facts = this.factsOf(await this.ready());
    return items.map((w) => attentionOf(w, facts));
  }

  async readiness(w: Warehouse): Promise<ReadinessResult[]> {
    const entries = await this.ready();
    this.refresh([w]);
    return readinessOf(w, this.factsOf(this.entries ?? entries));
  }

  /** A warehouse whose code reads as this one (rules' codeKey), other than excludeId; `exact: false` skips identical codes. */
  async findLookalike(code: string, excludeId?: number, { exact = true } = {}): Promise<Warehouse | null> {
    const others = [...(await this.ready()).values()].map((e) => e.w).filter((w) => exact || w.code.trim() !== code.trim());
    return codeLookalikeOf(code, others, excludeId);
  }

  // Exact and trimmed, as the upstream compares codes.
  async findByCode(code: string): Promise<Warehouse | undefined> {
    const wanted = code.trim();
    for (const e of (await this.ready()).values()) if (e.w.code.trim() === wanted) return e.w;
    return undefined;
  }

  async defaultWarehouse(): Promise<Warehouse | undefined> {
    for (const e of (await this.ready()).values()) if (e.w.isDefault) return e.w;
    return undefined;
  }
}
