// Storage of the Labs /v1 emulator; imports nothing from the app (docs/architecture.md).
import Database from "better-sqlite3";
import { ORDER_COLUMNS, prepareStatements, SCHEMA, type Statements } from "./statements";

export type Flag = 0 | 1;

/** A warehouse exactly as the upstream shows it (key order matters for byte-equal answers). */
export interface Warehouse {
  id: number;
  name: string;
  code: string;
  erpWarehouseId: string | null;
  isDefault: Flag;
  isActive: Flag;
}

export interface WarehouseCreate {
  name: string;
  code: string;
  erpWarehouseId: string | null;
  isDefault: Flag;
  isActive: Flag;
}

export type WarehousePatch = Partial<WarehouseCreate>;

export type WriteResult = { ok: true; id: number } | { ok: false; reason: "duplicate-code" | "not-found" };

export interface TransferResult {
  transferred: string[];
  not_transferred: { id: string; error: string }[];
}

export interface SeedResult {
  warehouses: { created: number; firstId: number | null; lastId: number | null };
  orders: { created: number; ids: string[] };
}

export interface Order {
  id: string;
  source: string;
  createdAt: string;
  status: string;
  warehouseId: number | null;
  total: number;
}

export interface OrderFilter {
  createdFrom: string | null;
  createdTo: string | null;
  source: string | null;
}

export interface OrderSeed {
  createdAt?: string;
  source?: string;
  status?: string;
}

export const ORDER_SOURCES = ["web", "trendyol", "hepsiburada"] as const;

export const ORDER_NOT_FOUND = "Sipariş bulunamadı.";
export const ORDER_ALREADY_TRANSFERRED = "Sipariş daha önce aktarılmış.";

const DEMO_WAREHOUSES: readonly WarehouseCreate[] = [
  { name: "Online", code: "ONLINE", erpWarehouseId: null, isDefault: 1, isActive: 1 },
  { name: "İSTANBUL Şube", code: "IST01", erpWarehouseId: "101", isDefault: 0, isActive: 1 },
  { name: "Ankara Depo", code: "ANK01", erpWarehouseId: "102", isDefault: 0, isActive: 1 },
  { name: "İzmir Şube", code: "IZM01", erpWarehouseId: "103", isDefault: 0, isActive: 1 },
  { name: "Bursa Depo", code: "BUR01", erpWarehouseId: "104", isDefault: 0, isActive: 0 },
  { name: "Antalya Şube", code: "ANT01", erpWarehouseId: "105", isDefault: 0, isActive: 1 },
  // Leading zero on purpose: erpWarehouseId is a string and must stay one.
  { name: "Gaziantep Depo", code: "GAZ01", erpWarehouseId: "0042", isDefault: 0, isActive: 1 },
];
const DEMO_ORDER_FIRST = 3572000;
const DEMO_ORDER_COUNT = 300;
const SEED_ORDER_FIRST = 40_000_000;

export class EmulatorDb {
  private readonly db: Database.Database;
  private readonly stmts: Statements;
  /** Cached warehouse count (lists are hammered by benchmarks); null = recount. */
  private warehouseCount: number | null = null;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
    const have = new Set((this.db.prepare("PRAGMA table_info(orders)").all() as { name: string }[]).map((c) => c.name));
    for (const [name, type] of ORDER_COLUMNS) if (!have.has(name)) this.db.exec(`ALTER TABLE orders ADD COLUMN ${name} ${type}`);

    this.stmts = prepareStatements(this.db);

    // Seed only on the very first start: state (even an emptied table) survives restarts.
    this.db.transaction(() => {
      if (this.stmts.metaGet.get("initialized")) return;
      this.seedDemo();
      this.stmts.metaSet.run("initialized", new Date().toISOString());
    }).immediate();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  reset(): void {
    this.warehouseCount = null;
    this.db.transaction(() => {
      this.db.exec("DELETE FROM stores; DELETE FROM orders; DELETE FROM sqlite_sequence WHERE name = 'stores';");
      this.seedDemo();
    })();
  }

  private seedDemo(): void {
    DEMO_WAREHOUSES.forEach((w, i) => {
      this.stmts.insertWithId.run(i + 1, w.name, w.code, w.erpWarehouseId, w.isDefault, w.isActive);
    });
    // Three days of orders up to now, across the channels; every 50th cancelled and every 60th split, at fixed places.
    const now = Date.now();
    for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
      const createdAt = new Date(now - (DEMO_ORDER_COUNT - i) * 864_000).toISOString();
      const status = i % 50 === 7 ? "cancelled" : i % 60 === 11 ? "split" : "approved";
      this.stmts.orderInsert.run(String(DEMO_ORDER_FIRST + i), createdAt, ORDER_SOURCES[i % 3]!, status, 1 + (i % 4), 100 + ((i * 37) % 900) + 0.9);
    }
  }

  listOrders(filter: OrderFilter, offset: number, limit: number): { items: Order[]; total: number } {
    const params = { from: filter.createdFrom, to: filter.createdTo, source: filter.source, epoch: this.stmts.metaGet.get("initialized")?.value ?? "1970-01-01T00:00:00.000Z" };
    const total = (this.stmts.orderCount.get(params) as { n: number }).n;
    const items = offset < total ? (this.stmts.orderPage.all({ ...params, limit, offset }) as Order[]) : [];
    return { items, total };
  }

  countWarehouses(): number {
    this.warehouseCount ??= this.stmts.count.get()?.n ?? 0;
    return this.warehouseCount;
  }

  listWarehouses(offset: number, limit: number): Warehouse[] {
    return this.stmts.page.all(limit, offset);
  }

  getWarehouse(id: number): Warehouse | undefined {
    return this.stmts.get.get(id);
  }

  createWarehouse(w: WarehouseCreate): WriteResult {
    this.warehouseCount = null;
    return this.db.transaction((): WriteResult => {
      if (this.stmts.codeOwner.get(w.code)) return { ok: false, reason: "duplicate-code" };
      const info = this.stmts.insert.run(w.name, w.code, w.erpWarehouseId, w.isDefault, w.isActive);
      const id = Number(info.lastInsertRowid);
      if (w.isDefault === 1) this.stmts.clearOtherDefaults.run(id);
      return { ok: true, id };
    })();
  }

  updateWarehouse(id: number, p: WarehousePatch): WriteResult {
    return this.db.transaction((): WriteResult => {
      if (!this.stmts.get.get(id)) return { ok: false, reason: "not-found" };
      if (p.code !== undefined) {
        const owner = this.stmts.codeOwner.get(p.code);
        if (owner && owner.id !== id) return { ok: false, reason: "duplicate-code" };
      }
      this.stmts.update.run({
        id,
        name: p.name ?? null,
        code: p.code ?? null,
        setErp: p.erpWarehouseId !== undefined ? 1 : 0,
        erp: p.erpWarehouseId ?? null,
        isDefault: p.isDefault ?? null,
        isActive: p.isActive ?? null,
      });
      if (p.isDefault === 1) this.stmts.clearOtherDefaults.run(id);
      return { ok: true, id };
    })();
  }

  deleteWarehouse(id: number): void {
    this.warehouseCount = null;
    this.stmts.delete.run(id);
  }

  /** Processes ids in order, in one transaction; a repeat within the call counts as already transferred. */
  transferOrders(ids: readonly string[]): TransferResult {
    return this.db.transaction((): TransferResult => {
      const now = new Date().toISOString();
      const result: TransferResult = { transferred: [], not_transferred: [] };
      for (const id of ids) {
        const row = this.stmts.orderGet.get(id);
        if (!row) result.not_transferred.push({ id, error: ORDER_NOT_FOUND });
        else if (row.transferred_at !== null) result.not_transferred.push({ id, error: ORDER_ALREADY_TRANSFERRED });
        else {
          this.stmts.orderTransfer.run(now, id);
          result.transferred.push(id);
        }
      }
      return result;
    })();
  }

  listOrderIds(state: "pending" | "transferred" | undefined, limit: number): string[] {
    const stmt =
      state === "pending"
        ? this.stmts.ordersPending
        : state === "transferred"
          ? this.stmts.ordersTransferred
          : this.stmts.ordersAll;
    return stmt.all(limit).map((r) => r.id);
  }

  seed(opts: { warehouses: number; orders: number; prefix: string; order?: OrderSeed }): SeedResult {
    this.warehouseCount = null;
    return this.db.transaction((): SeedResult => {
      const result: SeedResult = {
        warehouses: { created: 0, firstId: null, lastId: null },
        orders: { created: 0, ids: [] },
      };

      if (opts.warehouses > 0) {
        const codePrefix = `${opts.prefix.toUpperCase()}-`;
        // Continue numbering after the highest code already using this prefix.
        let n = 0;
        for (const { code } of this.stmts.codesWithPrefix.all(codePrefix.length, codePrefix)) {
          const suffix = code.slice(codePrefix.length);
          if (/^\d{1,9}$/.test(suffix)) n = Math.max(n, Number(suffix));
        }
        for (let i = 0; i < opts.warehouses; i++) {
          n++;
          const info = this.stmts.insert.run(
            `${opts.prefix} Depo ${n}`,
            `${codePrefix}${String(n).padStart(5, "0")}`,
            String(n),
            0,
            1,
          );
          const id = Number(info.lastInsertRowid);
          result.warehouses.firstId ??= id;
          result.warehouses.lastId = id;
          result.warehouses.created++;
        }
      }

      if (opts.orders > 0) {
        const max = this.stmts.maxSeededOrder.get();
        let next = max ? Number(max.id) + 1 : SEED_ORDER_FIRST;
        const createdAt = opts.order?.createdAt ?? new Date().toISOString();
        for (let i = 0; i < opts.orders; i++, next++) {
          const id = String(next);
          this.stmts.orderInsert.run(id, createdAt, opts.order?.source ?? ORDER_SOURCES[i % 3]!, opts.order?.status ?? "approved", 1, 100 + (i % 900));
          result.orders.ids.push(id);
        }
        result.orders.created = result.orders.ids.length;
      }
      return result;
    })();
  }
}
