// Storage of the Labs /v1 emulator; imports nothing from the app (docs/architecture.md).
import Database from "better-sqlite3";

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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stores (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  erp_warehouse_id TEXT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  transferred_at TEXT NULL
) WITHOUT ROWID;
`;

const ORDER_COLUMNS: readonly [string, string][] = [
  ["created_at", "TEXT NULL"],
  ["source", "TEXT NOT NULL DEFAULT 'web'"],
  ["status", "TEXT NOT NULL DEFAULT 'approved'"],
  ["warehouse_id", "INTEGER NULL"],
  ["total", "REAL NOT NULL DEFAULT 0"],
];

const ORDER_LIST_WHERE = "WHERE (@from IS NULL OR coalesce(created_at, @epoch) >= @from) AND (@to IS NULL OR coalesce(created_at, @epoch) < @to) AND (@source IS NULL OR source = @source)";

const WAREHOUSE_COLUMNS =
  "id, name, code, erp_warehouse_id AS erpWarehouseId, is_default AS isDefault, is_active AS isActive";

function prepareStatements(db: Database.Database) {
  return {
    metaGet: db.prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?"),
    metaSet: db.prepare<[string, string]>(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ),
    count: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM stores"),
    page: db.prepare<[number, number], Warehouse>(
      `SELECT ${WAREHOUSE_COLUMNS} FROM stores ORDER BY id LIMIT ? OFFSET ?`,
    ),
    get: db.prepare<[number], Warehouse>(`SELECT ${WAREHOUSE_COLUMNS} FROM stores WHERE id = ?`),
    codeOwner: db.prepare<[string], { id: number }>("SELECT id FROM stores WHERE code = ?"),
    insert: db.prepare<[string, string, string | null, number, number]>(
      "INSERT INTO stores (name, code, erp_warehouse_id, is_default, is_active) VALUES (?, ?, ?, ?, ?)",
    ),
    insertWithId: db.prepare<[number, string, string, string | null, number, number]>(
      "INSERT INTO stores (id, name, code, erp_warehouse_id, is_default, is_active) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    update: db.prepare(
      `UPDATE stores SET
         name = coalesce(@name, name),
         code = coalesce(@code, code),
         erp_warehouse_id = CASE WHEN @setErp = 1 THEN @erp ELSE erp_warehouse_id END,
         is_default = coalesce(@isDefault, is_default),
         is_active = coalesce(@isActive, is_active)
       WHERE id = @id`,
    ),
    clearOtherDefaults: db.prepare<[number]>("UPDATE stores SET is_default = 0 WHERE is_default = 1 AND id <> ?"),
    delete: db.prepare<[number]>("DELETE FROM stores WHERE id = ?"),
    codesWithPrefix: db.prepare<[number, string], { code: string }>(
      "SELECT code FROM stores WHERE substr(code, 1, ?) = ?",
    ),
    orderGet: db.prepare<[string], { transferred_at: string | null }>(
      "SELECT transferred_at FROM orders WHERE id = ?",
    ),
    orderTransfer: db.prepare<[string, string]>("UPDATE orders SET transferred_at = ? WHERE id = ?"),
    orderInsert: db.prepare<[string, string, string, string, number | null, number]>(
      "INSERT INTO orders (id, transferred_at, created_at, source, status, warehouse_id, total) VALUES (?, NULL, ?, ?, ?, ?, ?)",
    ),
    orderCount: db.prepare(`SELECT count(*) AS n FROM orders ${ORDER_LIST_WHERE}`),
    orderPage: db.prepare(
      `SELECT id, source, coalesce(created_at, @epoch) AS createdAt, status, warehouse_id AS warehouseId, total FROM orders ${ORDER_LIST_WHERE} ORDER BY coalesce(created_at, @epoch), length(id), id LIMIT @limit OFFSET @offset`,
    ),
    maxSeededOrder: db.prepare<[], { id: string }>(
      "SELECT id FROM orders WHERE length(id) = 8 AND id GLOB '[4-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' ORDER BY id DESC LIMIT 1",
    ),
    ordersAll: db.prepare<[number], { id: string }>("SELECT id FROM orders ORDER BY length(id), id LIMIT ?"),
    ordersPending: db.prepare<[number], { id: string }>(
      "SELECT id FROM orders WHERE transferred_at IS NULL ORDER BY length(id), id LIMIT ?",
    ),
    ordersTransferred: db.prepare<[number], { id: string }>(
      "SELECT id FROM orders WHERE transferred_at IS NOT NULL ORDER BY length(id), id LIMIT ?",
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

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
