import type { ImportKindName } from "@/lib/erp/lists";
import type { ImportRunRow } from "@/lib/erp/schemas";

export interface Translator {
  (key: string, values?: Record<string, string>): string;
  has(key: string): boolean;
}

/** Who started it: the member's name, or the schedule (a run's startedBy.name is the schedule's name, empty when it has none). */
export function scheduleName(t: Translator, name: string, kind: ImportKindName): string {
  return name ? t("scheduledBy", { name }) : t("scheduledUnnamed", { kind: t(`kinds.${kind}.name`) });
}

export function starterName(t: Translator, run: ImportRunRow): string {
  return run.origin === "scheduled" ? scheduleName(t, run.startedBy.name, run.kind) : run.startedBy.name;
}

export function importErrorText(t: Translator, errorCode: string | null): string {
  const code = errorCode ?? "console_error";
  const http = /^http_(\d+)$/.exec(code);
  const key = `errorCodes.${http ? "http" : code.replaceAll("-", "_")}`;
  return t.has(key) ? t(key, { status: http?.[1] ?? "" }) : code;
}
