import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { refusal, validationFailed } from "@/lib/i18n/validation";
import { DomainError } from "@/lib/rules/problems";
import { redactSecrets } from "@/lib/rules/secrets";
import { codeKey, DEFAULT_WAREHOUSE_SORT, deleteRuleBreak, saveRuleBreak, WAREHOUSE_FIELDS, type ReadinessResult, type WarehouseRuleBreak } from "@/lib/rules/warehouse";
import { isUpstreamError, upstream, type WarehouseWrite } from "@/lib/upstream";
import { publicUpstreamText } from "@/lib/upstream/errors";
import type {
  BulkResult,
  CodeCheckResult,
  CreateWarehouseBody,
  ExportWarehousesQuery,
  UpdateWarehouseBody,
  Warehouse,
  WarehouseConflict,
  WarehouseListResponse,
  WarehouseListState,
  WarehouseValues,
  WarehouseWriteResult,
} from "@/lib/warehouses/schemas";
import { LockBusyError, withDefaultLock } from "@/lib/warehouses/store";
import { changeIndex, warehouseIndex } from "@/lib/warehouses/indexes";

export { warehouseIndex };


export async function listWarehouses(query: WarehouseListState): Promise<WarehouseListResponse> {
  const q = { ...query, q: query.q.trim() };
  const { page, limit } = q;
  const index = warehouseIndex();
  const answer = async (items: Warehouse[], total: number, totalAll: number, source: WarehouseListResponse["source"]) => {
    const attention = await index.attention(items);
    return { items: items.map((w, i) => ({ ...w, attention: attention[i] ?? [] })), total, totalAll, page, limit, totalPages: Math.ceil(total / limit), source };
  };
  if (q.q === "" && q.status === "all" && q.sort === DEFAULT_WAREHOUSE_SORT) {
    // The upstream pages by id already; the index only judges the page against the whole account.
    const upstreamPage = await upstream().listWarehouses({ page, limit });
    await index.ready();
    index.refresh(upstreamPage.items);
    return answer(upstreamPage.items, upstreamPage.totalItems, upstreamPage.totalItems, "upstream");
  }
  const { items, totalAll } = await index.match(q);
  return answer(items.slice((page - 1) * limit, page * limit), items.length, totalAll, "index");
}

export async function matchAllWarehouses(q: ExportWarehousesQuery): Promise<Warehouse[]> {
  return (await warehouseIndex().match(q)).items;
}

export async function getWarehouse(id: number): Promise<Warehouse> {
  return upstream().getWarehouse(id);
}

export async function warehouseReadiness(warehouse: Warehouse): Promise<ReadinessResult[]> {
  return warehouseIndex().readiness(warehouse);
}

function rethrowUpstream(error: unknown): never {
  if (isUpstreamError(error) && error.kind === "http" && error.status !== null && error.status >= 400 && error.status < 500) {
    const fieldErrors = error.fieldErrors ?? {};
    const mentionsCode = "code" in fieldErrors || /kod|code/i.test(error.upstreamMessage ?? "");
    if (error.status === 422 || error.status === 409 || error.status === 400) {
      // The platform's own field words pass as they are; a code it refuses is said as the console's codeTaken.
      const words = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => !mentionsCode || field !== "code"));
      throw validationFailed(mentionsCode ? { code: [{ code: "validation.warehouses.codeTaken" }] } : {}, {
        code: error.status === 409 ? "conflict" : "upstream_rejected",
        detail: error.upstreamMessage ?? "The Labs platform refused the change.",
        english: words,
        extra: { upstreamMessage: error.upstreamMessage ?? null },
      });
    }
  }
  throw error;
}

function failureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.detail ?? error.code;
  if (isUpstreamError(error)) return publicUpstreamText(error);
  return String(error);
}

// Default-changing writes share one lock across instances and un-default only warehouses that were default just before.

async function underDefaultLock<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await withDefaultLock(fn);
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    const busy = { code: "validation.warehouses.defaultChangeBusy" };
    throw refusal("conflict", busy, undefined, { isDefault: [busy] });
  }
}

function ruleRefusal({ field, key }: WarehouseRuleBreak): DomainError {
  const text = { code: `validation.warehouses.${key}` };
  return refusal("conflict", text, undefined, { [field]: [text] });
}

// From the upstream, not the index, which may be stale.
async function currentDefaults(): Promise<Warehouse[]> {
  const limit = 100;
  const first = await upstream().listWarehouses({ page: 1, limit });
  const found = first.items.filter((w) => w.isDefault);
  for (let page = 2; page <= first.totalPage; page++) {
    found.push(...(await upstream().listWarehouses({ page, limit })).items.filter((w) => w.isDefault));
  }
  return found;
}

// The upstream may not clear the previous default; failing to unmark it is a warning, not a failed write.
async function settleDefault(id: number, previous: Warehouse[], ctx: ServiceContext): Promise<WarehouseWriteResult["warning"]> {
  let unsettled = false;
  for (const old of previous) {
    if (old.id === id) continue;
    let fresh: Warehouse | undefined;
    try {
      fresh = await upstream().getWarehouse(old.id);
      if (!fresh.isDefault) {
        changeIndex({ upsert: fresh });
        continue;
      }
      const result = await upstream().updateWarehouse(old.id, { isDefault: false });
      const after = { ...fresh, isDefault: false };
      changeIndex({ upsert: after });
      await ctx.audit({
        action: "warehouse.update",
        target: { type: "warehouse", id: old.id },
        outcome: "success",
        message: result.message,
        before: fresh,
        after,
        details: { reason: "another warehouse became the default", newDefaultId: id },
      });
    } catch (error) {
      if (isUpstreamError(error) && error.kind === "http" && error.status === 404) continue;
      unsettled = true;
      await ctx.audit({
        action: "warehouse.update",
        target: { type: "warehouse", id: old.id },
        outcome: "failure",
        message: `The previous default could not be unmarked: ${failureMessage(error)}`,
        before: fresh ?? old,
        after: fresh ? { ...fresh, isDefault: false } : undefined,
        details: { reason: "another warehouse became the default", newDefaultId: id },
      });
    }
  }
  if (!unsettled) return undefined;
  changeIndex({ invalidate: true });
  return "defaultNotSettled";
}

// The platform takes "ank01" beside "ANK01" (and codes with zero-width spaces); the console refuses what reads as another's code.
// A code in use is a conflict with the account's state (409), as /api/v1 documents; the platform's own refusal stays the fallback.
async function refuseLookalikeCode(code: string, excludeId?: number): Promise<void> {
  const twin = await warehouseIndex().findLookalike(code, excludeId);
  if (!twin) return;
  const same = twin.code.trim() === code.trim();
  const text = same ? { code: "validation.warehouses.codeTaken" } : { code: "validation.warehouses.codeLookalike", params: { name: twin.name, code: twin.code } };
  throw validationFailed({ code: [text] }, { code: "conflict", extra: { lookalike: { id: twin.id, name: twin.name, code: twin.code } } });
}

export async function createWarehouse(body: CreateWarehouseBody, ctx: ServiceContext): Promise<WarehouseWriteResult> {
  const broken = saveRuleBreak(body);
  if (broken) throw validationFailed({ [broken.field]: [{ code: `validation.warehouses.${broken.key}` }] }, { detail: "The default warehouse must be active." });
  await refuseLookalikeCode(body.code);
  return body.isDefault ? underDefaultLock(() => create(body, ctx)) : create(body, ctx);
}

async function create(body: CreateWarehouseBody, ctx: ServiceContext): Promise<WarehouseWriteResult> {
  const previousDefaults = body.isDefault ? await currentDefaults() : [];
  let result: { id: number; message: string };
  try {
    result = await upstream().createWarehouse(body).catch(rethrowUpstream);
  } catch (error) {
    await ctx.audit({ action: "warehouse.create", target: null, outcome: "failure", message: failureMessage(error), after: body });
    throw error;
  }
  const warehouse = await upstream()
    .getWarehouse(result.id)
    .catch(() => ({ id: result.id, ...body }) satisfies Warehouse);
  changeIndex({ upsert: warehouse });
  await ctx.audit({ action: "warehouse.create", target: { type: "warehouse", id: warehouse.id }, outcome: "success", message: result.message, after: warehouse });
  const warning = warehouse.isDefault ? await settleDefault(warehouse.id, previousDefaults, ctx) : undefined;
  return { warehouse, message: result.message, ...(warning ? { warning } : {}) };
}

function changedFields(a: WarehouseValues, b: WarehouseValues) {
  return WAREHOUSE_FIELDS.filter((f) => a[f] !== b[f]);
}

export async function updateWarehouse(id: number, body: UpdateWarehouseBody, ctx: ServiceContext): Promise<WarehouseWriteResult> {
  // Deactivating waits too: the warehouse may be becoming the default.
  const touchesDefault = body.isDefault !== undefined || body.isActive === false;
  return touchesDefault ? underDefaultLock(() => update(id, body, ctx)) : update(id, body, ctx);
}

async function update(id: number, body: UpdateWarehouseBody, ctx: ServiceContext): Promise<WarehouseWriteResult> {
  const { expected, ...changes } = body;
  const current = await upstream().getWarehouse(id);
  if (expected) {
    const fields = changedFields(expected, current);
    if (fields.length > 0) {
      const conflict: WarehouseConflict = { theirs: current, yours: changes, fields };
      throw new DomainError("conflict", "This warehouse was changed by someone else since you opened it.", { conflict });
    }
  }
  const next = { ...current, ...changes };
  const broken = saveRuleBreak(changes, current);
  if (broken) throw ruleRefusal(broken);
  if (changes.code !== undefined && codeKey(changes.code) !== codeKey(current.code)) await refuseLookalikeCode(changes.code, id);
  const write: WarehouseWrite = {};
  for (const f of WAREHOUSE_FIELDS) if (changes[f] !== undefined && changes[f] !== current[f]) Object.assign(write, { [f]: changes[f] });
  if (Object.keys(write).length === 0) return { warehouse: current, message: "" };

  const previousDefaults = write.isDefault ? await currentDefaults() : [];
  let result: { id: number; message: string };
  try {
    result = await upstream().updateWarehouse(id, write).catch(rethrowUpstream);
  } catch (error) {
    await ctx.audit({ action: "warehouse.update", target: { type: "warehouse", id }, outcome: "failure", message: failureMessage(error), before: current, after: next });
    throw error;
  }
  const warehouse = await upstream()
    .getWarehouse(id)
    .catch(() => next);
  changeIndex({ upsert: warehouse });
  await ctx.audit({ action: "warehouse.update", target: { type: "warehouse", id }, outcome: "success", message: result.message, before: current, after: warehouse });
  const warning = write.isDefault && warehouse.isDefault ? await settleDefault(id, previousDefaults, ctx) : undefined;
  return { warehouse, message: result.message, ...(warning ? { warning } : {}) };
}

export async function deleteWarehouse(id: number, ctx: ServiceContext): Promise<{ message: string }> {
  return underDefaultLock(async () => {
    const current = await upstream().getWarehouse(id);
    const broken = deleteRuleBreak(current);
    if (broken) throw ruleRefusal(broken);
    try {
      const { message } = await upstream().deleteWarehouse(id).catch(rethrowUpstream);
      changeIndex({ remove: id });
      await ctx.audit({ action: "warehouse.delete", target: { type: "warehouse", id }, outcome: "success", message, before: current });
      return { message };
    } catch (error) {
      await ctx.audit({ action: "warehouse.delete", target: { type: "warehouse", id }, outcome: "failure", message: failureMessage(error), before: current });
      throw error;
    }
  });
}

export async function bulkSetActive(ids: number[], isActive: boolean, ctx: ServiceContext): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await updateWarehouse(id, { isActive }, ctx);
      results.push({ id, ok: true });
    } catch (error) {
      if (error instanceof DomainError) results.push({ id, ok: false, code: error.code, detail: error.detail });
      else if (isUpstreamError(error)) {
        // Only a platform refusal (4xx) has words for people; the page says the rest in its own.
        const text = publicUpstreamText(error);
        results.push({ id, ok: false, code: error.kind, ...(text === error.upstreamMessage ? { detail: redactSecrets(text) } : {}) });
      }
      else throw error;
    }
  }
  return results;
}

export async function checkCode(code: string, excludeId?: number): Promise<CodeCheckResult> {
  const exact = await warehouseIndex().findByCode(code);
  const found = exact && exact.id !== excludeId ? exact : await warehouseIndex().findLookalike(code, excludeId);
  if (!found) return { available: true, takenBy: null };
  return { available: false, takenBy: { id: found.id, name: found.name, code: found.code } };
}
