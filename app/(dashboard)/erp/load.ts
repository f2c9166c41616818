import "server-only";
import { notFound } from "next/navigation";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { importsKey, runKey, transfersKey } from "@/lib/erp/api-client";
import { latestImports, listImports } from "@/lib/erp/import-store";
import { getRunDetail, listRunOrders, listRunPeople, listRuns } from "@/lib/erp/run-store";
import {
  listImportsQueryFields,
  listTransfersQueryFields,
  parseTolerant,
  runIdSchema,
  runOrdersQueryFields,
  type SearchParamsInput,
} from "@/lib/erp/schemas";
import { recoverRuns } from "@/lib/erp/service";

// The ERP pages' server reads. Each checks the member before it reads anything, so a page (or a
// new one) that calls them cannot show runs to a caller the layout's check did not see.

const IMPORTS_PAGE_SIZE = 10 as const;

/** /erp: the first page of runs and of imports, read the way the client reads the URL. */
export async function loadErpPage(sp: SearchParamsInput) {
  const member = await requirePageMember();
  const { erp } = getConfig();
  const runsQuery = parseTolerant(listTransfersQueryFields, sp);
  const importsQuery = { ...parseTolerant(listImportsQueryFields, { kind: sp.import, page: sp.ipage }), limit: IMPORTS_PAGE_SIZE };
  await recoverRuns();
  const conn = await db();
  const [runs, people, imports, latest] = await Promise.all([
    listRuns(conn, runsQuery),
    listRunPeople(conn),
    listImports(conn, importsQuery),
    latestImports(conn),
  ]);
  const fallback = {
    [transfersKey(runsQuery)]: { ...runs, page: runsQuery.page, limit: runsQuery.limit, people },
    [importsKey(importsQuery)]: { ...imports, page: importsQuery.page, limit: importsQuery.limit, latest, windowMinutes: erp.importRepeatWindowMinutes },
  };
  return { member, fallback };
}

/** /erp/transfers/{id}: the run and its first page of orders. A malformed or unknown id is a 404. */
export async function loadRunPage(rawRunId: string, sp: SearchParamsInput) {
  const member = await requirePageMember();
  const parsed = runIdSchema.safeParse(rawRunId);
  if (!parsed.success) notFound();
  const runId = parsed.data;
  await recoverRuns();
  const conn = await db();
  const run = await getRunDetail(conn, runId);
  if (!run) notFound();
  const query = parseTolerant(runOrdersQueryFields, sp);
  const orders = await listRunOrders(conn, runId, query);
  const fallback = {
    [runKey(runId, query)]: { run, orders: { ...orders, page: query.page, limit: query.limit, outcome: query.outcome ?? null } },
  };
  return { member, runId, fallback };
}
