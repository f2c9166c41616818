import "server-only";
import { notFound, redirect } from "next/navigation";
import { requirePageMember } from "@/lib/auth/session";
import { importList, runIdSchema, runOrderList, transferRunList } from "@/lib/erp/schemas";
import { getRunPage, listImportRuns, listTransferRuns } from "@/lib/erp/service";
import { toProblem } from "@/lib/server/to-problem";
import type { SearchParamsInput } from "@/lib/list/definition";
import { defaultViewHref } from "@/lib/views/service";

// Each reader checks the member first, so no page that calls it can show runs to a caller the layout did not see.

export async function loadErpPage(sp: SearchParamsInput) {
  const member = await requirePageMember();
  const preferred = Object.keys(sp).length === 0 ? await defaultViewHref(member, "transfers") : null;
  if (preferred) redirect(preferred);
  const runs = transferRunList.load(sp);
  const imports = importList.load(sp);
  const [runPage, importPage] = await Promise.all([listTransferRuns(runs), listImportRuns(imports)]);
  return { member, fallback: { ...keyed(transferRunList.key(runs), runPage), ...keyed(importList.key(imports), importPage) } };
}

export async function loadRunPage(rawRunId: string, sp: SearchParamsInput) {
  const member = await requirePageMember();
  const parsed = runIdSchema.safeParse(rawRunId);
  if (!parsed.success) notFound();
  const runId = parsed.data;
  const list = runOrderList(runId);
  const state = list.load(sp);
  const page = await getRunPage(runId, state).catch((error: unknown) => {
    if (toProblem(error)?.code === "not_found") notFound();
    throw error;
  });
  return { member, runId, fallback: keyed(list.key(state), page) };
}

// Marked with its key as the client's fetcher marks a page, so the first render is not "stale".
function keyed<T extends object>(key: string, page: T) {
  return { [key]: { ...page, key } };
}
