"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useWindowForm } from "@/components/erp/use-window-form";
import { DateField } from "@/components/ui/date-field";
import { FormField, setFieldErrors } from "@/components/ui/form-field";
import { buttonClass, cardClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";
import { RECONCILE_MAX_WINDOW_DAYS, RECONCILIATIONS_PATH } from "@/lib/reconcile/constants";
import { startReconciliationRequest } from "@/lib/reconcile/client";
import type { ReconcileWindowForm } from "@/lib/reconcile/form";
import { startOfDayInZone } from "@/lib/rules/time-zone";

const FIELDS = ["from", "to"] as const;
const windowResolver = lazyZodResolver<ReconcileWindowForm, ReconcileWindowForm>(() => import("@/lib/reconcile/form").then((m) => m.reconcileWindowFormSchema));

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function ReconcileWindow({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("reconcile.window");
  const { dt, router, id, say, fieldTexts, problemText } = useWindowForm();
  const [failure, setFailure] = useState<string | null>(null);
  const [backfill, setBackfill] = useState(false);
  const { control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ReconcileWindowForm>({ resolver: windowResolver.resolver, defaultValues: { from: "", to: "" } });
  useEffect(() => windowResolver.preload(), []);

  const onSubmit = async (values: ReconcileWindowForm, thenQueue: boolean) => {
    setFailure(null);
    try {
      const from = startOfDayInZone(values.from, dt.timeZone).toISOString();
      const to = startOfDayInZone(nextDay(values.to), dt.timeZone).toISOString();
      const { id: started } = await startReconciliationRequest({ from, to });
      router.push(`${RECONCILIATIONS_PATH}/${started}${thenQueue ? "?backfill=1" : ""}`);
    } catch (error) {
      if (!setFieldErrors(fieldTexts(error), FIELDS, setError)) setFailure(problemText(error));
    }
  };
  const message = (field: (typeof FIELDS)[number]) => {
    const error = errors[field];
    if (!error?.message) return null;
    return error.type === "server" ? error.message : (say({ code: error.message, params: { maximum: String(RECONCILE_MAX_WINDOW_DAYS) } }) ?? error.message);
  };
  const reasonId = `${id}-reason`;

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} space-y-3`} data-testid="reconcile-window">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
        <p className={helpTextClass}>{t("help", { zone: dt.zone(), maximum: RECONCILE_MAX_WINDOW_DAYS })}</p>
      </div>
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          const thenQueue = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("data-mode") === "backfill";
          setBackfill(thenQueue);
          void handleSubmit((values) => onSubmit(values, thenQueue))(e);
        }}
      >
        <div className="flex flex-wrap gap-4">
          {FIELDS.map((name) => (
            <FormField key={name} id={`${id}-${name}`} label={t(name)} error={message(name)}>
              {(aria) => <Controller control={control} name={name} render={({ field }) => <DateField {...aria} className={inputClass} value={field.value} onChange={field.onChange} />} />}
            </FormField>
          ))}
        </div>
        {failure ? <p role="alert" className={errorBoxClass} data-testid="reconcile-window-error">{failure}</p> : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary} disabled={!canRun || isSubmitting} aria-describedby={canRun ? undefined : reasonId} data-mode="window" data-testid="reconcile-start">
            {isSubmitting && !backfill ? t("starting") : t("start")}
          </button>
          <button type="submit" className={buttonClass.secondary} disabled={!canRun || isSubmitting} aria-describedby={canRun ? `${id}-backfill` : reasonId} data-mode="backfill" data-testid="reconcile-backfill">
            {isSubmitting && backfill ? t("starting") : t("backfill")}
          </button>
        </div>
        <p id={`${id}-backfill`} className={helpTextClass}>{t("backfillHelp")}</p>
        {!canRun ? <p id={reasonId} className={reasonTextClass}>{disabledReason}</p> : null}
      </form>
    </section>
  );
}
