"use client";

import { useTranslations } from "next-intl";
import { errorBoxClass } from "@/components/erp/styles";
import { useDateTime } from "@/components/ui/time";
import type { FoundColumn } from "@/lib/erp/transfers/order-columns";
import type { CellProblem, PastedColumns } from "@/lib/erp/transfers/pasted-orders";

const SHOWN_PROBLEMS = 20;
const KINDS = ["id", "channel", "date", "package"] as const;

export function PastedColumnsPanel({ table }: { table: PastedColumns }) {
  const t = useTranslations("erp.transfer.columns");
  const dt = useDateTime();
  const where = (column: Pick<FoundColumn, "name" | "index">, kind: (typeof KINDS)[number]) =>
    column.name ? t("named", { kind: t(`kinds.${kind}`), name: column.name }) : t("numbered", { kind: t(`kinds.${kind}`), number: column.index + 1 });
  const value = (p: CellProblem) => (p.reason === "future" ? dt.dateTime(p.value) : p.value);
  return (
    <div className="space-y-2" data-testid="transfer-columns">
      <p>{t("found")}</p>
      <ul className="list-disc pl-5">
        {KINDS.map((kind) => {
          const column = table.columns[kind];
          return column ? (
            <li key={kind} data-testid="transfer-column" data-kind={kind}>
              {where(column, kind)}
            </li>
          ) : null;
        })}
      </ul>
      {table.orders.length > 0 ? <p data-testid="transfer-columns-carried">{t("carried", { count: table.orders.length })}</p> : null}
      {table.problems.length > 0 ? (
        <div role="alert" className={errorBoxClass} data-testid="transfer-cell-problems">
          <p className="font-medium">{t("problemsTitle", { count: table.problems.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {table.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
              <li key={`${p.line}-${p.column}`} data-testid="transfer-cell-problem" data-line={p.line} data-column={p.column}>
                {t("problem", { line: p.line, column: where({ name: p.name, index: p.number - 1 }, p.column), reason: t(`reasons.${p.reason}`, { value: value(p) }) })}
              </li>
            ))}
          </ul>
          {table.problems.length > SHOWN_PROBLEMS ? <p className="mt-1">{t("more", { count: table.problems.length - SHOWN_PROBLEMS })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
