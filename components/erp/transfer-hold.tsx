"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { errorBoxClass, reasonTextClass, warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { DateField } from "@/components/ui/date-field";
import { FormField } from "@/components/ui/form-field";
import { buttonClass, cardClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { toast } from "@/components/ui/toast";
import { useFieldErrors } from "@/components/ui/use-code-text";
import { putHoldRequest, useTransferHold } from "@/lib/hold/client";
import { HOLD_MAX_DAYS, HOLD_REASON_MAX_LENGTH } from "@/lib/hold/constants";
import type { HoldState } from "@/lib/hold/schemas";
import { wallTimeInZone } from "@/lib/rules/time-zone";
import { breakerWhy } from "@/lib/hold/breaker";

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The transfer hold on the ERP page: what it is, and putting it on, changing it or lifting it for operators. */
export function TransferHold({ initial, canRun, disabledReason }: { initial: HoldState; canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("erpHold.panel");
  const root = useTranslations();
  const dt = useDateTime();
  const router = useRouter();
  const problemText = useErpProblemText();
  const fieldErrors = useFieldErrors();
  const id = useId();
  const { data: hold = initial, mutate } = useTransferHold(initial);
  const [reason, setReason] = useState(initial.by === "person" ? (initial.reason ?? "") : "");
  const [day, setDay] = useState("");
  const [time, setTime] = useState("09:00");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const save = async (held: boolean) => {
    if (pending) return;
    setErrors({});
    setFailure(null);
    if (held && day && !CLOCK.test(time)) {
      setErrors({ until: t("timeFormat") });
      return;
    }
    setPending(true);
    try {
      const until = held && day ? wallTimeInZone(day, time, dt.timeZone).toISOString() : null;
      const next = await putHoldRequest(held ? { held, reason, until } : { held });
      await mutate(next, { revalidate: false });
      toast.success(next.held ? t("saved") : t("lifted"));
      router.refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(problemText(error));
    } finally {
      setPending(false);
    }
  };

  const reasonId = `${id}-why`;
  return (
    <section id="transfer-hold" data-testid="transfer-hold" aria-labelledby={`${id}-title`} className={`${cardClass} scroll-mt-4 space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
        <p className={helpTextClass}>{t("description")}</p>
      </div>
      <p className={hold.breakerDetail ? warningBoxClass : helpTextClass} data-testid="breaker-state" data-state={hold.breaker}>
        {hold.breakerDetail
          ? t(hold.breaker === "half_open" ? "breakerProbing" : "breakerOpen", { since: dt.dateTime(hold.breakerDetail.openedAt), why: breakerWhy(root, hold.breakerDetail), next: hold.breakerDetail.nextProbeAt ? dt.dateTime(hold.breakerDetail.nextProbeAt) : "" })
          : t("breakerClosed")}{" "}
        {t("breakerNote")}
      </p>
      {hold.by === "person" ? (
        <p className={warningBoxClass} data-testid="hold-state">
          {hold.until
            ? t("heldUntil", { since: dt.dateTime(hold.since ?? ""), until: dt.dateTime(hold.until), who: hold.person?.name || hold.person?.email || "" })
            : t("held", { since: dt.dateTime(hold.since ?? ""), who: hold.person?.name || hold.person?.email || "" })}{" "}
          {t("reason", { reason: hold.reason ?? "" })}
        </p>
      ) : (
        <p className={helpTextClass} data-testid="hold-state">{t("notHeld")}</p>
      )}
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save(true);
        }}
      >
        <FormField id={`${id}-reason`} label={t("reasonLabel")} help={t("reasonHelp", { max: HOLD_REASON_MAX_LENGTH })} error={errors.reason}>
          {(aria) => <input {...aria} type="text" className={inputClass} value={reason} maxLength={HOLD_REASON_MAX_LENGTH} disabled={!canRun} onChange={(e) => setReason(e.target.value)} data-testid="hold-reason" />}
        </FormField>
        <FormField id={`${id}-until`} label={t("untilLabel")} help={t("untilHelp", { days: HOLD_MAX_DAYS, zone: dt.zone() })} error={errors.until}>
          {(aria) => (
            <div className="flex flex-wrap items-center gap-2">
              <DateField {...aria} className={inputClass} value={day} onChange={setDay} />
              <input
                type="text"
                inputMode="numeric"
                aria-label={t("timeLabel")}
                className={`${inputClass} w-24`}
                value={time}
                disabled={!canRun || !day}
                onChange={(e) => setTime(e.target.value)}
                data-testid="hold-time"
              />
            </div>
          )}
        </FormField>
        {failure ? <p role="alert" className={errorBoxClass} data-testid="hold-error">{failure}</p> : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={!canRun || pending} aria-describedby={!canRun ? reasonId : undefined} data-testid="hold-save">
            {hold.by === "person" ? t("change") : t("put")}
          </button>
          {hold.by === "person" ? (
            <button type="button" className={buttonClass.secondary} disabled={!canRun || pending} aria-describedby={!canRun ? reasonId : undefined} onClick={() => void save(false)} data-testid="hold-lift">
              {t("lift")}
            </button>
          ) : null}
        </div>
        {!canRun ? <p id={reasonId} className={reasonTextClass} data-testid="hold-disabled-reason">{disabledReason}</p> : null}
      </form>
    </section>
  );
}
