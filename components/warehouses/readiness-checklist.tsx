import "server-only";
import { getTranslations } from "next-intl/server";
import { cardClass } from "@/components/ui/styles";
import { log } from "@/lib/log";
import { CODE_MAX, type ReadinessResult, type ReadinessState } from "@/lib/rules/warehouse";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { warehouseReadiness } from "@/lib/warehouses/service";

const STATE_CLASS: Record<ReadinessState, string> = {
  pass: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700",
  fail: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700",
  skip: "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600",
};
const STATE_MARK: Record<ReadinessState, string> = { pass: "✓", fail: "!", skip: "–" };

export async function ReadinessChecklist({ warehouse }: { warehouse: Warehouse }) {
  const t = await getTranslations("warehouses.readiness");
  let results: ReadinessResult[] | null = null;
  try {
    results = await warehouseReadiness(warehouse);
  } catch (error) {
    // The warehouse itself loaded; only the account-wide comparison is missing.
    log.warn("warehouse readiness failed", { error: String(error) });
  }
  const failing = results?.filter((r) => r.state === "fail").length ?? 0;
  return (
    <section aria-labelledby="warehouse-readiness" className={`${cardClass} mt-6`} data-testid="readiness-checklist">
      <h2 id="warehouse-readiness" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      {results === null ? (
        <p role="alert" className="mt-3 text-sm" data-testid="readiness-unavailable">
          {t("unavailable")}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm font-medium" data-testid="readiness-summary">
            {failing === 0 ? t("summaryReady") : t("summaryAttention", { count: failing })}
          </p>
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {results.map((r) => (
              <li key={r.check} className="flex gap-3 py-3" data-testid="readiness-check" data-check={r.check} data-state={r.state}>
                <span
                  aria-hidden="true"
                  className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ring-1 ring-inset ${STATE_CLASS[r.state]}`}
                >
                  {STATE_MARK[r.state]}
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {t(`checks.${r.check}`)}
                    <span className="sr-only">: </span>
                    <span className="ml-2 text-xs font-normal text-slate-700 dark:text-slate-300" data-testid="readiness-state">
                      {t(`states.${r.state}`)}
                    </span>
                  </p>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
                    {t(`reasons.${r.reason}`, {
                      erp: warehouse.erpWarehouseId ?? "",
                      max: CODE_MAX,
                      count: r.others.length,
                      others: r.others.map((o) => `${o.name} (${o.code})`).join(", "),
                    })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
