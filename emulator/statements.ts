// The emulator's SQLite schema and prepared statements (emulator/db.ts holds the operations).
import type Database from "better-sqlite3";
import type { Warehouse } from "./db";

export const SCHEMA = `
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

export const ORDER_COLUMNS: readonly [string, string][] = [
  ["created_at", "TEXT NULL"],
  ["source", "TEXT NOT NULL DEFAULT 'web'"],
  ["status", "TEXT NOT NULL DEFAULT 'approved'"],
  ["warehouse_id", "INTEGER NULL"],
  ["total", "REAL NOT NULL DEFAULT 0"],
];

const ORDER_LIST_WHERE = "WHERE (@from IS NULL OR coalesce(created_at, @epoch) >= @from) AND (@to IS NULL OR coalesce(created_at, @epoch) < @to) AND (@source IS NULL OR source = @source)";

const WAREHOUSE_COLUMNS =
  "id, name, code, erp_warehouse_id AS erpWarehouseId, is_default AS isDefault, is_active AS isActive";

export function prepareStatements(db: Database.Database) {
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

export type Statements = ReturnType<typeof prepareStatements>;
