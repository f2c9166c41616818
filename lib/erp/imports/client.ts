import { useList } from "@/lib/list/client";
import { sendJson } from "@/lib/swr/fetcher";
import { IMPORTS_API, importListBase as importList } from "@/lib/erp/lists";
import type { ImportListState, ImportRunList, ImportRunRow, StartImportBody } from "@/lib/erp/imports/schemas";

export function useImports(state: ImportListState) {
  return useList<ImportRunList>(importList, state);
}

export function startImport(body: StartImportBody): Promise<{ run: ImportRunRow }> {
  return sendJson(IMPORTS_API, "POST", body);
}
