// The Labs /v1 routes (docs/upstream-api.md): warehouses ("stores") and ERP actions.
import type { EmulatorDb, Flag, WarehouseCreate, WarehousePatch } from "./db";
import { type Body, type FieldErrors, type Reply, MSG, error, invalid, isPlainObject, methodNotAllowed, ok, parsePositiveInt } from "./reply";

export const MAX_PAGE_SIZE = 100;
export const MAX_TRANSFER_IDS = 100;

const TEXT = {
  created: "Depo ekleme işlemi başarılı",
  // Documented quirk: update answers with the same "added" text as create.
  updated: "Depo ekleme işlemi başarılı",
  deleted: "Depo silme işlemi başarılı",
  duplicateCode: "Bu depo kodu zaten kullanılıyor.",
  deleteDefault: "Varsayılan depo silinemez.",
  transferDone: "Sipariş ERP aktarım işlemi tamamlandı",
  emptyOrders: "Sipariş listesi boş olamaz.",
  tooManyOrders: `Tek seferde en fazla ${MAX_TRANSFER_IDS} sipariş gönderilebilir.`,
} as const;

const SYNC_TEXT: Record<string, string> = {
  "/v1/action/products-erp-sync": "Ürün içe aktarma işlemi başlatıldı",
  // The full stop is documented: only the price text has one.
  "/v1/action/products-price-erp-sync": "Fiyat içe aktarma işlemi başlatıldı.",
  "/v1/action/products-qty-erp-sync": "Stok güncelleme işlemi başlatıldı",
};

export function handleV1(
  db: EmulatorDb,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Body,
): Reply {
  if (path === "/v1/stores") {
    if (method === "GET") return listStores(db, query);
    if (method === "POST") return createStore(db, body);
    return methodNotAllowed(["GET", "POST"]);
  }
  if (path.startsWith("/v1/stores/")) {
    const seg = path.slice("/v1/stores/".length);
    if (seg.length === 0 || seg.includes("/")) return error(404, MSG.notFound);
    if (method !== "GET" && method !== "PUT" && method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
    const id = parsePositiveInt(seg);
    if (id === undefined) return error(404, MSG.warehouseNotFound);
    if (method === "GET") return viewStore(db, id);
    if (method === "PUT") return updateStore(db, id, body);
    return deleteStore(db, id);
  }
  if (path === "/v1/orders") {
    if (method !== "GET") return methodNotAllowed(["GET"]);
    return listOrders(db, query);
  }
  if (path === "/v1/action/orders-erp-transfer") {
    if (method !== "POST") return methodNotAllowed(["POST"]);
    return transferOrders(db, body);
  }
  const syncText = SYNC_TEXT[path];
  if (syncText !== undefined) {
    if (method !== "POST") return methodNotAllowed(["POST"]);
    // No request payload: whatever was sent is ignored.
    return ok({ status: "success", message: syncText });
  }
  return error(404, MSG.notFound);
}

function listStores(db: EmulatorDb, query: URLSearchParams): Reply {
  const errors: FieldErrors = {};
  const page = positiveIntParam(query, "page", errors);
  const limit = positiveIntParam(query, "limit", errors);
  if (limit !== undefined && limit > MAX_PAGE_SIZE) errors.limit = [`limit en fazla ${MAX_PAGE_SIZE} olabilir.`];
  if (page === undefined || limit === undefined || Object.keys(errors).length > 0) return invalid(errors);

  const totalItems = db.countWarehouses();
  const offset = (page - 1) * limit;
  const items = offset < totalItems ? db.listWarehouses(offset, limit) : [];
  return ok({ items, totalItems, totalPage: Math.ceil(totalItems / limit), currentPage: page, limit });
}

// Emulator choice: the service description has no order list (docs/upstream-api.md "GET /v1/orders (emulator choice)").
function listOrders(db: EmulatorDb, query: URLSearchParams): Reply {
  const errors: FieldErrors = {};
  const page = positiveIntParam(query, "page", errors);
  const limit = positiveIntParam(query, "limit", errors);
  if (limit !== undefined && limit > MAX_PAGE_SIZE) errors.limit = [`limit en fazla ${MAX_PAGE_SIZE} olabilir.`];
  const instant = (name: string): string | null => {
    const raw = query.get(name);
    if (raw === null || raw === "") return null;
    const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(raw) ? new Date(raw) : null;
    if (at && !Number.isNaN(at.getTime())) return at.toISOString();
    errors[name] = [`${name} ISO 8601 biçiminde bir tarih olmalıdır.`];
    return null;
  };
  const createdFrom = instant("createdFrom");
  const createdTo = instant("createdTo");
  const source = query.get("source") || null;
  if (page === undefined || limit === undefined || Object.keys(errors).length > 0) return invalid(errors);
  const { items, total } = db.listOrders({ createdFrom, createdTo, source }, (page - 1) * limit, limit);
  return ok({ items, totalItems: total, totalPage: Math.ceil(total / limit), currentPage: page, limit });
}

function positiveIntParam(query: URLSearchParams, name: string, errors: FieldErrors): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") {
    errors[name] = [`${name} zorunludur.`];
    return undefined;
  }
  const n = parsePositiveInt(raw);
  if (n === undefined) errors[name] = [`${name} pozitif bir tam sayı olmalıdır.`];
  return n;
}

function viewStore(db: EmulatorDb, id: number): Reply {
  const w = db.getWarehouse(id);
  return w ? ok(w) : error(404, MSG.warehouseNotFound);
}

function createStore(db: EmulatorDb, body: Body): Reply {
  const parsed = parseWarehouseBody(body, "create");
  if ("reply" in parsed) return parsed.reply;
  const input: WarehouseCreate = {
    name: parsed.value.name ?? "",
    code: parsed.value.code ?? "",
    erpWarehouseId: parsed.value.erpWarehouseId ?? null,
    isDefault: parsed.value.isDefault ?? 0,
    isActive: parsed.value.isActive ?? 1,
  };
  const r = db.createWarehouse(input);
  if (!r.ok) return duplicateCode();
  return ok({ status: "success", message: TEXT.created, payload: { id: r.id } });
}

function updateStore(db: EmulatorDb, id: number, body: Body): Reply {
  if (!db.getWarehouse(id)) return error(404, MSG.warehouseNotFound);
  const parsed = parseWarehouseBody(body, "update");
  if ("reply" in parsed) return parsed.reply;
  const r = db.updateWarehouse(id, parsed.value);
  if (!r.ok) return r.reason === "not-found" ? error(404, MSG.warehouseNotFound) : duplicateCode();
  return ok({ status: "success", message: TEXT.updated, payload: { id } });
}

function deleteStore(db: EmulatorDb, id: number): Reply {
  const w = db.getWarehouse(id);
  if (!w) return error(404, MSG.warehouseNotFound);
  if (w.isDefault === 1) return error(422, TEXT.deleteDefault);
  db.deleteWarehouse(id);
  return ok({ status: "success", message: TEXT.deleted });
}

function duplicateCode(): Reply {
  return invalid({ code: [TEXT.duplicateCode] }, TEXT.duplicateCode);
}

type Parsed<T> = { value: T } | { reply: Reply };

function objectBody(body: Body): Parsed<Record<string, unknown>> {
  if (body.kind === "invalid") return { reply: error(422, MSG.invalidJson) };
  if (body.kind === "empty") return { value: {} };
  if (!isPlainObject(body.value)) return { reply: error(422, "İstek gövdesi bir JSON nesnesi olmalıdır.") };
  return { value: body.value };
}

const FIELD_LABEL = {
  name: "Depo adı",
  code: "Depo kodu",
  erpWarehouseId: "ERP depo kimliği",
} as const;

function parseWarehouseBody(body: Body, mode: "create" | "update"): Parsed<WarehousePatch> {
  const obj = objectBody(body);
  if ("reply" in obj) return obj;
  const src = obj.value;
  const errors: FieldErrors = {};
  const out: WarehousePatch = {};

  const name = requiredText(src, "name", 100, mode, errors);
  if (name !== undefined) out.name = name;
  const code = requiredText(src, "code", 50, mode, errors);
  if (code !== undefined) out.code = code;

  if (src.erpWarehouseId !== undefined) {
    const v = src.erpWarehouseId;
    if (v === null) out.erpWarehouseId = null;
    else if (typeof v !== "string") errors.erpWarehouseId = [`${FIELD_LABEL.erpWarehouseId} metin olmalıdır.`];
    else {
      const t = v.trim();
      if (t.length > 50) errors.erpWarehouseId = [`${FIELD_LABEL.erpWarehouseId} en fazla 50 karakter olabilir.`];
      // Emulator choice: a blank ERP id means "none".
      else out.erpWarehouseId = t === "" ? null : t;
    }
  }

  const isDefault = flag(src, "isDefault", "Varsayılan depo bilgisi", errors);
  if (isDefault !== undefined) out.isDefault = isDefault;
  const isActive = flag(src, "isActive", "Aktiflik bilgisi", errors);
  if (isActive !== undefined) out.isActive = isActive;

  if (Object.keys(errors).length > 0) return { reply: invalid(errors) };
  return { value: out };
}

function requiredText(
  src: Record<string, unknown>,
  field: "name" | "code",
  max: number,
  mode: "create" | "update",
  errors: FieldErrors,
): string | undefined {
  const v = src[field];
  const label = FIELD_LABEL[field];
  if (v === undefined && mode === "update") return undefined;
  if (v === undefined || v === null) {
    errors[field] = [`${label} zorunludur.`];
    return undefined;
  }
  if (typeof v !== "string") {
    errors[field] = [`${label} metin olmalıdır.`];
    return undefined;
  }
  const t = v.trim();
  if (t === "") errors[field] = [`${label} zorunludur.`];
  else if (t.length > max) errors[field] = [`${label} en fazla ${max} karakter olabilir.`];
  else return t;
  return undefined;
}

function flag(src: Record<string, unknown>, field: string, label: string, errors: FieldErrors): Flag | undefined {
  const v = src[field];
  if (v === undefined) return undefined;
  if (v === 1 || v === true || v === "1") return 1;
  if (v === 0 || v === false || v === "0") return 0;
  errors[field] = [`${label} 1 veya 0 (true veya false) olmalıdır.`];
  return undefined;
}

function transferOrders(db: EmulatorDb, body: Body): Reply {
  const obj = objectBody(body);
  if ("reply" in obj) return obj.reply;
  const ids = obj.value.orderIds;
  if (ids === undefined || ids === null) return invalid({ orderIds: ["orderIds zorunludur."] });
  if (!Array.isArray(ids)) return invalid({ orderIds: ["orderIds bir dizi olmalıdır."] });
  if (!ids.every((x): x is string => typeof x === "string")) {
    return invalid({ orderIds: ["orderIds yalnızca metin (string) değerler içermelidir."] });
  }
  if (ids.length === 0) return invalid({ orderIds: [TEXT.emptyOrders] }, TEXT.emptyOrders);
  if (ids.length > MAX_TRANSFER_IDS) return invalid({ orderIds: [TEXT.tooManyOrders] }, TEXT.tooManyOrders);
  // Ids are kept exactly as sent (never coerced): "03572000" is not "3572000".
  const data = db.transferOrders(ids);
  return ok({ status: "success", message: TEXT.transferDone, data });
}
