"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { linkClass, warningBoxClass } from "@/components/erp/styles";
import { buttonClass } from "@/components/ui/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { implausibleIds } from "@/lib/erp/transfers/order-checks";
import { useTransferredBefore } from "@/lib/erp/history/client";

const SHOWN = 20;

/** What the preview adds to a parsed list: the header row left out, unusual ids, and ids some run already put in the ERP. */
export function PreviewChecks({ ids, header, checkKey, onLeaveOut }: { ids: string[]; header: string | null; checkKey: string; onLeaveOut: (ids: string[]) => void }) {
  const t = useTranslations("erpOrders.preview");
  const dt = useDateTime();
  const problemText = useErpProblemText();
  const unusual = implausibleIds(ids);
  // Keyed by the preview, not the ids: a new preview asks again, a re-render does not.
  const { data, error, isLoading } = useTransferredBefore(ids, checkKey);
  const done = data?.items ?? [];

  return (
    <>
      {header ? <p data-testid="transfer-preview-header">{t("headerSkipped", { header })}</p> : null}
      {unusual.length > 0 ? (
        <div className={warningBoxClass} data-testid="transfer-preview-implausible">
          <p className="font-medium">{t("implausibleTitle", { count: unusual.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {unusual.slice(0, SHOWN).map((u) => (
              <li key={u.id} data-testid="transfer-implausible-id">
                <code className="break-all font-mono">{u.id}</code>: {t(`implausible.${u.reason}`)}
              </li>
            ))}
          </ul>
          {unusual.length > SHOWN ? <p className="mt-1">{t("more", { count: unusual.length - SHOWN })}</p> : null}
        </div>
      ) : null}
      {isLoading ? <p>{t("checking")}</p> : null}
      {error ? <p data-testid="transfer-preview-check-failed">{t("checkFailed", { reason: problemText(error) })}</p> : null}
      {done.length > 0 ? (
        <div className={warningBoxClass} data-testid="transfer-preview-transferred">
          <p className="font-medium">{t("transferredTitle", { count: done.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {done.slice(0, SHOWN).map((d) => (
              <li key={d.orderId} data-testid="transfer-transferred-id">
                <code className="font-mono">{d.orderId}</code>:{" "}
                <Link href={`/erp/transfers/${d.runId}`} className={linkClass}>
                  {t("transferredIn", { when: dt.dateTime(d.at) })}
                </Link>
              </li>
            ))}
          </ul>
          {done.length > SHOWN ? <p className="mt-1">{t("more", { count: done.length - SHOWN })}</p> : null}
          <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={() => onLeaveOut(done.map((d) => d.orderId))} data-testid="transfer-leave-out">
            {t("leaveOut", { count: done.length })}
          </button>
        </div>
      ) : null}
    </>
  );
}
