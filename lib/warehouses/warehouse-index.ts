import { accountFacts, attentionOf, readinessOf, type AccountFacts, type ReadinessCheck, type ReadinessResult, type WarehouseSort, type WarehouseStatus } from "@/lib/rules/warehouse";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { fold } from "@/lib/warehouses/fold";

// The upstream has no search, sort or filter: an index of all warehouses, refreshed in the background.

export interface IndexPage {
  items: Warehouse[];
  totalPage: number;
}

export interface WarehouseIndexOptions {
  fetchPage: (page: number, limit: number) => Promise<IndexPage>;
  ttlMs?: number;
  maxStaleMs?: number;
  concurrency?: number;
  pageSize?: number;
  now?: () => number;
  onBackgroundError?: (error: unknown) => void;
}

interface Entry {
  w: Warehouse;
  name: string;
  code: string;
  erp: string;
}

export interface IndexQuery {
  q: string;
  status: WarehouseStatus;
  sort: WarehouseSort;
}

export interface IndexStats {
  builds: number;
  upstreamCalls: number;
  maxInFlight: number;
  lastBuildMs: number;
}

const collator = new Intl.Collator("tr", { sensitivity: "base", numeric: true });

function entryOf(w: Warehouse): Entry {
  return { w, name: fold(w.name), code: fold(w.code), erp: fold(w.erpWarehouseId ?? "") };
}

function compare(column: string): (a: Entry, b: Entry) => number {
  switch (column) {
    case "name":
      return (a, b) => collator.compare(a.w.name, b.w.name) || a.w.id - b.w.id;
    case "code":
      return (a, b) => collator.compare(a.w.code, b.w.code) || a.w.id - b.w.id;
    case "erpWarehouseId":
      // No ERP id sorts last in ascending order.
      return (a, b) =>
        (a.w.erpWarehouseId === null ? 1 : 0) - (b.w.erpWarehouseId === null ? 1 : 0) ||
        collator.compare(a.w.erpWarehouseId ?? "", b.w.erpWarehouseId ?? "") ||
        a.w.id - b.w.id;
    case "isActive":
      return (a, b) => Number(b.w.isActive) - Number(a.w.isActive) || a.w.id - b.w.id;
    case "isDefault":
      return (a, b) => Number(b.w.isDefault) - Number(a.w.isDefault) || a.w.id - b.w.id;
    default:
      return (a, b) => a.w.id - b.w.id;
  }
}

export class WarehouseIndex {
  private entries: Map<number, Entry> | null = null;
  private builtAt = 0;
  private building: Promise<void> | null = null;
  private sorted = new Map<string, Entry[]>();
  private facts: AccountFacts | null = null;
  /** Writes made while a build is under way; re-applied on top of what the build fetched. */
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
      entries.delete(patch.remove);
    } else {
      const w = patch.upsert;
      if (w.isDefault) {
        for (const [id, e] of entries) if (id !== w.id && e.w.isDefault) entries.set(id, entryOf({ ...e.w, isDefault: false }));
      }
      entries.set(w.id, entryOf(w));
    }
    this.changed();
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
    const entries = new Map<number, Entry>();
    for (const items of pages) for (const w of items ?? []) entries.set(w.id, entryOf(w));
    for (const patch of this.patches) this.apply(entries, patch);
    this.entries = entries;
    this.changed();
    this.builtAt = this.opts.now();
    this.stats.builds++;
    this.stats.lastBuildMs = this.builtAt - started;
  }

  private sortedBy(entries: Map<number, Entry>, sort: WarehouseSort): Entry[] {
    let list = this.sorted.get(sort);
    if (!list) {
      const [column = "id", direction] = sort.split(".");
      list = [...entries.values()].sort(compare(column));
      if (direction === "desc") list.reverse();
      this.sorted.set(sort, list);
    }
    return list;
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
      if (facts && attentionOf(e.w, facts).length === 0) continue;
      if (q && !e.name.includes(q) && !e.code.includes(q) && !e.erp.includes(q)) continue;
      out.push(e.w);
    }
    return { items: out, totalAll: entries.size };
  }

  private factsOf(entries: Map<number, Entry>): AccountFacts {
    this.facts ??= accountFacts([...entries.values()].map((e) => e.w));
    return this.facts;
  }

  /**
   * Takes in warehouses read from the upstream just now, as they are: unlike a console write, one
   * default does not unmark another, since two defaults upstream is what readiness must show.
   */
  refresh(fresh: readonly Warehouse[]): void {
    if (!this.entries || this.building) return;
    let changed = false;
    for (const w of fresh) {
      const old = this.entries.get(w.id)?.w;
      if (old && old.name === w.name && old.code === w.code && old.erpWarehouseId === w.erpWarehouseId && old.isDefault === w.isDefault && old.isActive === w.isActive) continue;
      this.entries.set(w.id, entryOf(w));
      changed = true;
    }
    if (changed) this.changed();
  }

  /** The checks each warehouse fails against the whole account (ERP ids, defaults). */
  async attention(items: readonly Warehouse[]): Promise<ReadinessCheck[][]> {
    const facts = this.factsOf(await this.ready());
    return items.map((w) => attentionOf(w, facts));
  }

  async readiness(w: Warehouse): Promise<ReadinessResult[]> {
    const entries = await this.ready();
    this.refresh([w]);
    return readinessOf(w, this.factsOf(this.entries ?? entries));
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
