import "server-only";
import { notFound } from "next/navigation";
import { requirePageMember } from "@/lib/auth/session";
import { importsKey, runKey, transfersKey } from "@/lib/erp/api-client";
import {
  listImportsQueryFields,
  listTransfersQueryFields,
  parseTolerant,
  runIdSchema,
  runOrdersQueryFields,
  type SearchParamsInput,
} from "@/lib/erp/schemas";
import { getRunPage, listImportRuns, listTransferRuns } from "@/lib/erp/service";

// The ERP pages' server reads. Each checks the member before it reads anything, so a page (or a
// new one) that calls them cannot show runs to a caller the layout's check did not see.

const IMPORTS_PAGE_SIZE = 10 as const;

/** /erp: the first page of runs and of imports, read the way the client reads the URL. */
export async function loadErpPage(sp: SearchParamsInput) {
  const member = await requirePageMember();
  const runsQuery = parseTolerant(listTransfersQueryFields, sp);
  const importsQuery = { ...parseTolerant(listImportsQueryFields, { kind: sp.import, page: sp.ipage }), limit: IMPORTS_PAGE_SIZE };
  const [runs, imports] = await Promise.all([listTransferRuns(runsQuery), listImportRuns(importsQuery)]);
  const fallback = { [transfersKey(runsQuery)]: runs, [importsKey(importsQuery)]: imports };
  return { member, fallback };
}

/** /erp/transfers/{id}: the run and its first page of orders. A malformed or unknown id is a 404. */
export async function loadRunPage(rawRunId: string, sp: SearchParamsInput) {
  const member = await requirePageMember();
  const parsed = runIdSchema.safeParse(rawRunId);
  if (!parsed.success) notFound();
  const runId = parsed.data;
  const query = parseTolerant(runOrdersQueryFields, sp);
  const page = await getRunPage(runId, query);
  if (!page) notFound();
  const fallback = { [runKey(runId, query)]: page };
  return { member, runId, fallback };
}
