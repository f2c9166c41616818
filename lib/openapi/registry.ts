import { z } from "zod";
import { getConfig } from "@/lib/config";
import * as importsApi from "@/lib/api/imports";
import * as schedulesApi from "@/lib/api/schedules";
import { scheduleBodySchema, scheduleFieldsSchema } from "@/lib/schedules/schemas";
import * as queueApi from "@/lib/api/queue";
import * as transfersApi from "@/lib/api/transfers";
import * as warehousesApi from "@/lib/api/warehouses";
import type { Answer, Declaration, Endpoint } from "@/lib/api/endpoint";
import { orderIdParamSchema } from "@/lib/erp/history/schemas";
import { runIdParamSchema } from "@/lib/erp/schemas";
import type { Field } from "@/lib/list/base";
import { queryFields } from "@/lib/list/definition";

// Every /api/v1 operation, once: a new route is one entry here (document.test.ts fails until it is); the rest comes from its endpoint.

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A list's query: the strict list reader parses it, and each of its fields describes itself (the test holds the two together). */
export interface ListQuery {
  list: { fields: Record<string, Field>; defaults: Record<string, unknown>; querySchema: z.ZodType };
}

export interface Operation {
  method: Method;
  /** OpenAPI path under /api/v1, with {name} for the route folder's [name]. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The handler the route serves, whose permission the description states; null: served without a key. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  serves: Endpoint<any> | null;
  params?: z.ZodObject;
  query?: ListQuery;
  headers?: Record<string, { schema: z.ZodType; required: boolean; description: string }>;
  /** A thunk when the schema depends on configuration read at request time. */
  body?: z.ZodType | (() => z.ZodType);
  answers: Record<number, Answer>;
  /** Refusals beyond the ones every keyed operation may give (401, 403, 422, 429). */
  refusals?: readonly (404 | 409)[];
}

type Entry = Pick<Operation, "method" | "path" | "operationId" | "summary" | "tag" | "serves" | "params" | "body"> & { answers?: Operation["answers"] };

function listQuery(querySchema: z.ZodType, operationId: string): ListQuery {
  const fields = queryFields(querySchema);
  if (!fields) throw new Error(`${operationId}: its query is not a list's strict query`);
  const defaults = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, (f.safeParse(undefined) as { data?: unknown }).data]));
  return { list: { fields, defaults, querySchema } };
}

function resolved(entry: Entry): Operation {
  const declared: Partial<Declaration> = entry.serves?.declaration ?? {};
  const headers = Object.fromEntries(Object.entries(declared.headers ?? {}).map(([name, h]) => [name, { ...h, required: true }]));
  return {
    ...entry,
    params: entry.params ?? (declared.params as z.ZodObject | undefined),
    body: entry.body ?? declared.body,
    ...(declared.headers ? { headers } : {}),
    ...(declared.query ? { query: listQuery(declared.query, entry.operationId) } : {}),
    answers: entry.answers ?? declared.answer ?? {},
    refusals: declared.refusals,
  };
}

const warehouseIdParam = z.object({ id: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });

// The route's body is one strict object refined by hand; described as the exclusive shapes it takes.
const transferBody = (max: number) => {
  const ids = z.strictObject({ orderIds: z.array(orderIdParamSchema.shape.orderId).min(1).max(max).meta({ uniqueItems: true }) });
  const retry = <R extends readonly [string, ...string[]]>(kinds: R, confirm: Record<string, z.ZodType>) =>
    z.strictObject({ retry: z.enum(kinds), parentRunId: runIdParamSchema.shape.runId, ...confirm });
  return z.xor([
    ids,
    retry(["failed", "unsent"], { confirmUnknown: z.boolean().optional(), confirmRejected: z.boolean().optional() }),
    retry(["unknown"], { confirmUnknown: z.literal(true), confirmRejected: z.boolean().optional() }),
    retry(["rejected"], { confirmUnknown: z.boolean().optional(), confirmRejected: z.literal(true) }),
  ]);
};

// The zones the body's refinement takes, as far as a schema can say them; a cron expression's meaning it cannot.
const zones = { allOf: [{ properties: { timeZone: { enum: ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")] } } }] };
const bothEnds = (end: string, other: string) => ({ if: { properties: { [end]: { type: "string" } }, required: [end] }, then: { properties: { [other]: { type: "string" } }, required: [other] } });
const scheduleBody = scheduleBodySchema.meta({ allOf: [...zones.allOf, bothEnds("activeFrom", "activeTo"), bothEnds("activeTo", "activeFrom")] });
const scheduleChanges = scheduleFieldsSchema.partial().meta(zones);

const warehouses = "Warehouses";
const transfers = "Transfers";
const imports = "Imports";
const queue = "Order queue";
const schedules = "Schedules";

const ENTRIES: readonly Entry[] = [
  {
    method: "GET",
    path: "/warehouses",
    operationId: "listWarehouses",
    summary: "List warehouses with the console's search, status filter, sort and paging",
    tag: warehouses,
    serves: warehousesApi.listWarehouses,
  },
  {
    method: "POST",
    path: "/warehouses",
    operationId: "createWarehouse",
    summary: "Create a warehouse",
    tag: warehouses,
    serves: warehousesApi.createWarehouse,
  },
  {
    method: "GET",
    path: "/warehouses/{id}",
    operationId: "getWarehouse",
    summary: "Get a warehouse",
    tag: warehouses,
    serves: warehousesApi.getWarehouse,
    params: warehouseIdParam,
  },
  {
    method: "PATCH",
    path: "/warehouses/{id}",
    operationId: "updateWarehouse",
    summary: "Change a warehouse; `expected` refuses the change (409) if someone else changed it first",
    tag: warehouses,
    serves: warehousesApi.updateWarehouse,
    params: warehouseIdParam,
  },
  {
    method: "DELETE",
    path: "/warehouses/{id}",
    operationId: "deleteWarehouse",
    summary: "Delete a warehouse (admins only: an API key's role never allows it)",
    tag: warehouses,
    serves: warehousesApi.deleteWarehouse,
    params: warehouseIdParam,
  },
  {
    method: "GET",
    path: "/transfers",
    operationId: "listTransfers",
    summary: "List order transfer runs, newest first",
    tag: transfers,
    serves: transfersApi.listTransfers,
  },
  {
    method: "POST",
    path: "/transfers",
    operationId: "startTransfer",
    summary: "Start a transfer of order ids to the ERP, or retry a run's failed, unsent, unknown or rejected orders; ids still on their way in another run are refused (409 already_in_flight), ids already in the ERP are recorded as such and not sent again",
    tag: transfers,
    serves: transfersApi.startTransfer,
    body: () => transferBody(getConfig().erp.maxOrdersPerRun),
  },
  {
    method: "GET",
    path: "/transfers/{runId}",
    operationId: "getTransfer",
    summary: "Get a run with a page of its orders and their outcomes",
    tag: transfers,
    serves: transfersApi.getTransfer,
  },
  {
    method: "POST",
    path: "/transfers/{runId}/stop",
    operationId: "stopTransfer",
    summary: "Stop a run: batches not yet sent stay unsent",
    tag: transfers,
    serves: transfersApi.stopTransfer,
  },
  {
    method: "GET",
    path: "/orders/{orderId}",
    operationId: "getOrderHistory",
    summary: "Every run that carried an order, newest first",
    tag: transfers,
    serves: transfersApi.orderHistory,
  },
  {
    method: "GET",
    path: "/imports",
    operationId: "listImports",
    summary: "List ERP imports (products, prices, stock), newest first",
    tag: imports,
    serves: importsApi.listImports,
  },
  {
    method: "POST",
    path: "/imports",
    operationId: "startImport",
    summary: "Start an ERP import; a repeat within the window needs `confirmRepeat`",
    tag: imports,
    serves: importsApi.startImport,
  },
  {
    method: "GET",
    path: "/failures",
    operationId: "listFailures",
    summary: "The failures inbox: orders that did not reach the ERP, grouped by meaning and reason",
    tag: transfers,
    serves: importsApi.failuresInbox,
  },
  {
    method: "GET",
    path: "/failures/count",
    operationId: "countFailures",
    summary: "How many orders wait in the failures inbox",
    tag: transfers,
    serves: importsApi.failuresCount,
  },
  {
    method: "POST",
    path: "/failures/retry",
    operationId: "retryFailures",
    summary: "Send one inbox group (meaning and reason, under the query's filters) again as a new run",
    tag: transfers,
    serves: importsApi.retryFailures,
  },
  {
    method: "POST",
    path: "/failures/resolve",
    operationId: "resolveFailures",
    summary: "Mark one inbox group (under the query's filters) resolved with a note, without sending it",
    tag: transfers,
    serves: importsApi.resolveFailures,
  },
  {
    method: "GET",
    path: "/order-queue",
    operationId: "getOrderQueue",
    summary: "The order queue: how many wait, the oldest, the next automatic send, and a page of the ids",
    tag: queue,
    serves: queueApi.queueOverview,
  },
  {
    method: "POST",
    path: "/order-queue",
    operationId: "enqueueOrders",
    summary: "Queue order ids for the next automatic transfer; malformed, already queued and already transferred ids are left out and named, ids whose outcome is unknown are held back unless confirmUnknown is true",
    tag: queue,
    serves: queueApi.enqueue,
  },
  {
    method: "DELETE",
    path: "/order-queue",
    operationId: "removeQueuedOrders",
    summary: "Take order ids out of the queue before they are sent",
    tag: queue,
    serves: queueApi.removeQueued,
  },
  {
    method: "POST",
    path: "/order-queue/send",
    operationId: "sendOrderQueue",
    summary: "Send the oldest queued ids now as one capped run (409 when none wait)",
    tag: queue,
    serves: queueApi.sendQueued,
  },
  {
    method: "GET",
    path: "/schedules",
    operationId: "listSchedules",
    summary: "The import and transfer schedules with their next start and recent history",
    tag: schedules,
    serves: schedulesApi.listSchedules,
  },
  {
    method: "POST",
    path: "/schedules",
    operationId: "createSchedule",
    summary: "Create a schedule: every N minutes, daily or weekly times, or cron, with an optional active window (transfers: a most-orders cap)",
    tag: schedules,
    serves: schedulesApi.createSchedule,
    body: scheduleBody,
  },
  {
    method: "PUT",
    path: "/schedules/{id}",
    operationId: "replaceSchedule",
    summary: "Replace a schedule: the body has a read's shape (the fields only the console sets are ignored); its next start is worked out anew",
    tag: schedules,
    serves: schedulesApi.changeSchedule,
    body: scheduleBody,
  },
  {
    method: "PATCH",
    path: "/schedules/{id}",
    operationId: "updateSchedule",
    summary: "Change only the fields given (the rule as a whole); the others stay as they are",
    tag: schedules,
    serves: schedulesApi.patchSchedule,
    body: scheduleChanges,
  },
  {
    method: "DELETE",
    path: "/schedules/{id}",
    operationId: "deleteSchedule",
    summary: "Delete a schedule and its history; the runs it started stay",
    tag: schedules,
    serves: schedulesApi.deleteSchedule,
  },
  {
    method: "POST",
    path: "/schedules/{id}/pause",
    operationId: "pauseSchedule",
    summary: "Pause a schedule: no starts until resumed",
    tag: schedules,
    serves: schedulesApi.pauseSchedule,
  },
  {
    method: "POST",
    path: "/schedules/{id}/resume",
    operationId: "resumeSchedule",
    summary: "Resume a schedule; its next start is worked out from now",
    tag: schedules,
    serves: schedulesApi.resumeSchedule,
  },
  {
    method: "GET",
    path: "/openapi.json",
    operationId: "getOpenApi",
    summary: "This description (no key needed)",
    tag: "Meta",
    serves: null,
    answers: { 200: { description: "The OpenAPI 3.1 description of /api/v1", schema: z.looseObject({ openapi: z.string() }) } },
  },
];

export const OPERATIONS: readonly Operation[] = ENTRIES.map(resolved);
