"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/styles";
import { batchCount, type OrderListProblem, type ParsedOrderIds, type TypoFix } from "@/lib/erp/transfers/order-ids";
import { errorBoxClass, warningBoxClass } from "@/components/erp/styles";
import { PastedColumnsPanel } from "@/components/erp/pasted-columns";
import type { PastedColumns } from "@/lib/erp/transfers/pasted-orders";

const SHOWN_INVALID = 50;
const SHOWN_DUPLICATES = 20;

export interface Preview {
  parsed: ParsedOrderIds;
  header: string | null;
  problem: OrderListProblem | null;
  fixes: TypoFix[];
  text: string;
  idempotencyKey: string;
  table: PastedColumns | null;
}

// The preview's checks against earlier runs show once ids are pasted: their code loads after the page.
const PreviewChecks = dynamic(() => import("@/components/erp/preview-checks").then((m) => m.PreviewChecks), { ssr: false });

export function PreviewPanel({
  preview,
  batchSize,
  maxOrders,
  onLeaveOut,
  onFix,
}: {
  preview: Preview;
  batchSize: number;
  maxOrders: number;
  onLeaveOut: (ids: string[]) => void;
  onFix: (fix: TypoFix) => void;
}) {
  const t = useTranslations("erp.transfer");
  const { parsed, problem } = preview;
  const count = parsed.ids.length;
  const batches = batchCount(count, batchSize);

  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-950" data-testid="transfer-preview">
      <h3 className="font-semibold">{t("previewTitle")}</h3>
      {problem ? (
        <p role="alert" className={errorBoxClass} data-testid="transfer-preview-problem">
          {problem === "empty"
            ? t("problemEmpty")
            : problem === "only_invalid"
              ? t("problemOnlyInvalid")
              : t("problemTooMany", { count, max: maxOrders })}
        </p>
      ) : (
        <p data-testid="transfer-preview-count">
          {t("previewCount", { count, batches, batchSize })}
        </p>
      )}
      <p data-testid="transfer-preview-duplicates">
        {parsed.duplicatesRemoved === 0
          ? t("noDuplicates")
          : t("duplicatesRemoved", { count: parsed.duplicatesRemoved })}
        {parsed.duplicateIds.length > 0 ? (
          <span className="ml-1 font-mono text-xs">
            ({parsed.duplicateIds.slice(0, SHOWN_DUPLICATES).join(", ")}
            {parsed.duplicateIds.length > SHOWN_DUPLICATES ? ", …" : ""})
          </span>
        ) : null}
      </p>
      {preview.table ? <PastedColumnsPanel table={preview.table} /> : null}
      {preview.fixes.length > 0 ? <TypoFixes fixes={preview.fixes} onFix={onFix} /> : null}
      {parsed.invalid.length > 0 ? (
        <div className={warningBoxClass} data-testid="transfer-preview-invalid">
          <p className="font-medium">{t("invalidTitle", { count: parsed.invalidTokens })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {parsed.invalid.slice(0, SHOWN_INVALID).map((token) => (
              <li key={token.token} data-testid="transfer-invalid-token">
                <code className="break-all font-mono">{token.token}</code>
                {": "}
                {t(`invalidReasons.${token.reason}`)}
                {token.count > 1 ? ` ${t("times", { count: token.count })}` : ""}
              </li>
            ))}
          </ul>
          {parsed.invalid.length > SHOWN_INVALID ? <p className="mt-1">{t("invalidMore", { count: parsed.invalid.length - SHOWN_INVALID })}</p> : null}
        </div>
      ) : (
        <p>{t("noInvalid")}</p>
      )}
      <PreviewChecks ids={parsed.ids} header={preview.header} checkKey={preview.idempotencyKey} onLeaveOut={onLeaveOut} />
    </div>
  );
}

function TypoFixes({ fixes, onFix }: { fixes: TypoFix[]; onFix: (fix: TypoFix) => void }) {
  const t = useTranslations("erp.transfer");
  return (
    <div className={warningBoxClass} data-testid="transfer-typos">
      <p className="font-medium">{t("typosTitle")}</p>
      <ul className="mt-1 space-y-1">
        {fixes.map((fix) => (
          <li key={fix.from} data-testid="transfer-typo" className="flex flex-wrap items-center gap-2">
            <code className="break-all font-mono" data-testid="transfer-typo-from">
              {[...fix.from].map((c, i) =>
                fix.marks.includes(i) ? (
                  <mark key={i} className="rounded bg-amber-300 px-0.5 text-slate-900">
                    {c === " " ? "\u2423" : c}
                  </mark>
                ) : (
                  c
                ),
              )}
            </code>
            <span aria-hidden="true">→</span>
            <code className="font-mono">{fix.to}?</code>
            <span className="text-xs">({t(fix.kind === "split" ? "typoSplit" : "typoConfusable")})</span>
            <button type="button" className={buttonClass.secondary} onClick={() => onFix(fix)}>
              {t("typoFix", { to: fix.to })}
              <span className="sr-only"> ({t("typoFixLabel", { from: fix.from, to: fix.to })})</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
