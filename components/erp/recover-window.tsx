"use client";

import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useWindowForm } from "@/components/erp/use-window-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateField } from "@/components/ui/date-field";
import { FormField, setFieldErrors } from "@/components/ui/form-field";
import { buttonClass, cardClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { TimeField } from "@/components/ui/time-field";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";
import { previewRecoveryRequest, startRecoveryRequest, type RecoveryRequest } from "@/lib/erp/recoveries/client";
import { RECOVERY_MAX_WINDOW_DAYS } from "@/lib/erp/recoveries/constants";
import type { RecoverWindowForm } from "@/lib/erp/recoveries/form";
import type { RecoveryPreview } from "@/lib/erp/recoveries/schemas";
import { wallTimeInZone } from "@/lib/rules/time-zone";
import { isProblemError } from "@/lib/swr/fetcher";

const FIELDS = ["name", "fromDay", "fromTime", "toDay", "toTime", "source", "reason"] as const;
type Field = (typeof FIELDS)[number];
const DATES = ["fromDay", "toDay"] as const;
const TIMES = ["fromTime", "toTime"] as const;
// The server names the instants; their messages land on the day fields.
const SERVER_FIELD: Record<string, Field> = { from: "fromDay", to: "toDay", name: "name", source: "source", reason: "reason" };
const resolver = lazyZodResolver<RecoverWindowForm, RecoverWindowForm>(() => import("@/lib/erp/recoveries/form").then((m) => m.recoverWindowFormSchema));
const text = parseAsString.withDefault("");
const URL_STATE = Object.fromEntries(FIELDS.map((f) => [`recover_${f}`, text])) as Record<`recover_${Field}`, typeof text>;

export function RecoverWindow({ disabledReason, pace }: { disabledReason: string | null; pace: number }) {
  const t = useTranslations("erp.recovery");
  const { dt, router, id, say, fieldTexts, problemText } = useWindowForm();
  const [url, setUrl] = useQueryStates(URL_STATE, { history: "replace" });
  const [preview, setPreview] = useState<{ request: RecoveryRequest; answer: RecoveryPreview } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const defaults = Object.fromEntries(FIELDS.map((f) => [f, url[`recover_${f}`]])) as RecoverWindowForm;
  const { control, register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<RecoverWindowForm>({ resolver: resolver.resolver, defaultValues: defaults });
  useEffect(() => resolver.preload(), []);
  const canRun = disabledReason === null;

  const onPreview = async (v: RecoverWindowForm) => {
    setFailure(null);
    setPreview(null);
    void setUrl(Object.fromEntries(FIELDS.map((f) => [`recover_${f}`, v[f] || null])));
    const request: RecoveryRequest = { from: wallTimeInZone(v.fromDay, v.fromTime, dt.timeZone).toISOString(), to: wallTimeInZone(v.toDay, v.toTime, dt.timeZone).toISOString(), name: v.name, ...(v.source && { source: v.source }), ...(v.reason && { reason: v.reason }) };
    try {
      setPreview({ request, answer: await previewRecoveryRequest(request) });
      setKey(crypto.randomUUID());
    } catch (error) {
      const texts = Object.fromEntries(Object.entries(fieldTexts(error)).map(([k, text]) => [SERVER_FIELD[k] ?? k, text]));
      if (!setFieldErrors(texts, FIELDS, setError)) setFailure(problemText(error));
    }
  };

  const onConfirm = async () => {
    if (!preview) return;
    setStarting(true);
    setFailure(null);
    try {
      const started = await startRecoveryRequest(preview.request, preview.answer.count, key);
      router.push(`/erp/transfers/${started.run.id}`);
    } catch (error) {
      setConfirming(false);
      const changed = isProblemError(error) && error.problem.reason === "count_changed" ? Number((error.problem as { count?: number }).count ?? 0) : null;
      if (changed !== null) {
        setFailure(t("countChanged", { count: changed }));
        setPreview(null);
      } else setFailure(problemText(error));
    } finally {
      setStarting(false);
    }
  };

  const message = (field: Field) => {
    const error = errors[field];
    if (!error?.message) return null;
    return error.type === "server" ? error.message : (say({ code: error.message, params: { maximum: String(RECOVERY_MAX_WINDOW_DAYS) } }) ?? error.message);
  };
  const reasonId = `${id}-reason`;
  const count = preview?.answer.count ?? 0;

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} space-y-3`} data-testid="recover-window">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
        <p className={helpTextClass}>{t("help", { zone: dt.zone(), maximum: RECOVERY_MAX_WINDOW_DAYS })}</p>
      </div>
      <form className="space-y-3" noValidate onSubmit={handleSubmit(onPreview)}>
        <FormField id={`${id}-name`} label={t("name")} error={message("name")}>
          {(aria) => <input {...aria} {...register("name")} className={inputClass} autoComplete="off" />}
        </FormField>
        <div className="flex flex-wrap gap-4">
          {DATES.map((day, i) => (
            <div key={day} className="flex flex-wrap gap-2">
              <FormField id={`${id}-${day}`} label={t(day)} error={message(day)}>
                {(aria) => <Controller control={control} name={day} render={({ field }) => <DateField {...aria} className={inputClass} value={field.value} onChange={field.onChange} />} />}
              </FormField>
              <FormField id={`${id}-${TIMES[i]}`} label={t(TIMES[i]!)} error={message(TIMES[i]!)}>
                {(aria) => <Controller control={control} name={TIMES[i]!} render={({ field }) => <TimeField {...aria} className={inputClass} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />} />}
              </FormField>
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-4">
          {(["source", "reason"] as const).map((f) => (
            <FormField key={f} id={`${id}-${f}`} label={t(f)} error={message(f)}>
              {(aria) => <input {...aria} {...register(f)} className={inputClass} autoComplete="off" />}
            </FormField>
          ))}
        </div>
        {failure ? <p role="alert" className={errorBoxClass} data-testid="recover-window-error">{failure}</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass.secondary} disabled={!canRun || isSubmitting} aria-describedby={canRun ? undefined : reasonId} data-testid="recover-preview">
            {isSubmitting ? t("previewing") : t("preview")}
          </button>
          {preview && count > 0 ? (
            <button type="button" className={buttonClass.primary} disabled={!canRun || starting} onClick={() => setConfirming(true)} data-testid="recover-confirm">
              {t("recover", { count })}
            </button>
          ) : null}
        </div>
        {preview ? (
          <div role="status" data-testid="recover-count">
            <p className="font-medium">{t("count", { count })}</p>
            {preview.answer.orderIds.length > 0 ? <p className={helpTextClass}>{t("firstIds", { ids: preview.answer.orderIds.join(", ") })}</p> : null}
          </div>
        ) : null}
        {!canRun ? <p id={reasonId} className={reasonTextClass}>{disabledReason}</p> : null}
      </form>
      <ConfirmDialog
        open={confirming && preview !== null}
        title={t("dialogTitle", { name: preview?.request.name ?? "" })}
        description={preview ? t("dialogBody", { count, from: dt.dateTime(preview.request.from), to: dt.dateTime(preview.request.to), pace }) : null}
        confirmLabel={starting ? t("starting") : t("confirm")}
        cancelLabel={t("cancel")}
        tone="warning"
        pending={starting}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        testId="recover-dialog"
      />
    </section>
  );
}
