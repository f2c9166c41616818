// Control API for tests and benchmarks, under /__emulator/ (same bearer token as /v1).
import type { EmulatorDb } from "./db";
import { type FaultTable, describeRule, parseFaultRule } from "./faults";
import type { RequestLog } from "./request-log";
import { type Body, type FieldErrors, type Reply, MSG, error, invalid, isPlainObject, methodNotAllowed, ok, parsePositiveInt } from "./reply";

export const CONTROL_PREFIX = "/__emulator";
export const MAX_SEED = 100_000;
export const MAX_ORDER_LIST = 10_000;

export interface ControlContext {
  db: EmulatorDb;
  faults: FaultTable;
  log: RequestLog;
}

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

export function handleControl(
  ctx: ControlContext,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Body,
): Reply {
  const sub = path.slice(CONTROL_PREFIX.length);
  switch (sub) {
    case "/health":
      return method === "GET" ? ok({ ok: true }) : methodNotAllowed(["GET"]);
    case "/reset":
      if (method !== "POST") return methodNotAllowed(["POST"]);
      ctx.db.reset();
      ctx.faults.clear();
      ctx.log.clear();
      return ok({ ok: true });
    case "/seed":
      return method === "POST" ? seed(ctx, body) : methodNotAllowed(["POST"]);
    case "/orders":
      return method === "GET" ? listOrders(ctx, query) : methodNotAllowed(["GET"]);
    case "/faults":
      if (method === "GET") return ok({ faults: ctx.faults.list().map(describeRule) });
      if (method === "POST") return addFault(ctx, body);
      if (method === "DELETE") {
        ctx.faults.clear();
        return ok({ ok: true });
      }
      return methodNotAllowed(["GET", "POST", "DELETE"]);
    case "/requests":
      if (method === "GET") return listRequests(ctx, query);
      if (method === "DELETE") {
        ctx.log.clear();
        return ok({ ok: true, lastSeq: ctx.log.lastSeq });
      }
      return methodNotAllowed(["GET", "DELETE"]);
  }
  if (sub.startsWith("/faults/")) {
    if (method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const id = parsePositiveInt(sub.slice("/faults/".length));
    if (id === undefined || !ctx.faults.remove(id)) return error(404, "Kural bulunamadı.");
    return ok({ ok: true });
  }
  return error(404, MSG.notFound);
}

function jsonObject(body: Body): { value: Record<string, unknown> } | { reply: Reply } {
  if (body.kind === "invalid") return { reply: error(422, MSG.invalidJson) };
  if (body.kind === "empty") return { value: {} };
  if (!isPlainObject(body.value)) return { reply: error(422, "İstek gövdesi bir JSON nesnesi olmalıdır.") };
  return { value: body.value };
}

function seed(ctx: ControlContext, body: Body): Reply {
  const obj = jsonObject(body);
  if ("reply" in obj) return obj.reply;
  const src = obj.value;
  const errors: FieldErrors = {};
  const count = (field: "warehouses" | "orders"): number => {
    const v = src[field];
    if (v === undefined || v === null) return 0;
    if (!Number.isSafeInteger(v) || (v as number) < 0 || (v as number) > MAX_SEED) {
      errors[field] = [`${field} 0 ile ${MAX_SEED} arasında bir tam sayı olmalıdır.`];
      return 0;
    }
    return v as number;
  };
  const warehouses = count("warehouses");
  const orders = count("orders");
  let prefix = "Seed";
  if (src.prefix !== undefined && src.prefix !== null) {
    const p = typeof src.prefix === "string" ? src.prefix.trim() : "";
    if (p === "" || p.length > 40) errors.prefix = ["prefix 1 ile 40 karakter arasında bir metin olmalıdır."];
    else prefix = p;
  }
  const order: { createdAt?: string; source?: string; status?: string } = {};
  for (const field of ["createdAt", "source", "status"] as const) {
    const v = src[`order${field[0]!.toUpperCase()}${field.slice(1)}`];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string" || v === "" || v.length > 40 || (field === "createdAt" && Number.isNaN(Date.parse(v)))) errors[`order${field[0]!.toUpperCase()}${field.slice(1)}`] = ["Geçersiz değer."];
    else order[field] = field === "createdAt" ? new Date(v).toISOString() : v;
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  return ok(ctx.db.seed({ warehouses, orders, prefix, order }));
}

function listOrders(ctx: ControlContext, query: URLSearchParams): Reply {
  const errors: FieldErrors = {};
  const rawState = query.get("state");
  let state: "pending" | "transferred" | undefined;
  if (rawState === "pending" || rawState === "transferred") state = rawState;
  else if (rawState !== null) errors.state = ["state 'pending' veya 'transferred' olmalıdır."];
  let limit = 100;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    const n = parsePositiveInt(rawLimit);
    if (n === undefined || n > MAX_ORDER_LIST) errors.limit = [`limit 1 ile ${MAX_ORDER_LIST} arasında olmalıdır.`];
    else limit = n;
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  return ok({ ids: ctx.db.listOrderIds(state, limit) });
}

function addFault(ctx: ControlContext, body: Body): Reply {
  if (body.kind === "invalid") return error(422, MSG.invalidJson);
  const parsed = parseFaultRule(body.kind === "json" ? body.value : undefined);
  if (!parsed.ok) return invalid(parsed.errors);
  return ok({ id: ctx.faults.add(parsed.rule).id });
}

function listRequests(ctx: ControlContext, query: URLSearchParams): Reply {
  const errors: FieldErrors = {};
  let since = 0;
  const rawSince = query.get("since");
  if (rawSince !== null && rawSince !== "") {
    if (!/^(0|[1-9][0-9]{0,15})$/.test(rawSince)) errors.since = ["since 0 veya pozitif bir tam sayı olmalıdır."];
    else since = Number(rawSince);
  }
  let limit: number | undefined;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    limit = parsePositiveInt(rawLimit);
    if (limit === undefined) errors.limit = ["limit pozitif bir tam sayı olmalıdır."];
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  return ok({ requests: ctx.log.since(since, limit), lastSeq: ctx.log.lastSeq });
}
