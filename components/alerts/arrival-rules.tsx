"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { RuleFormEnd, RuleSection } from "@/components/alerts/rule-section";
import { FormField, setFieldErrors } from "@/components/ui/form-field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { toast } from "@/components/ui/toast";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import { saveArrivalsRequest, useArrivalRule } from "@/lib/alerts/client";
import type { ArrivalFormInput, ArrivalRuleBody, ArrivalRuleView } from "@/lib/alerts/schemas";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";

const arrivalsResolver = lazyZodResolver<ArrivalFormInput, ArrivalRuleBody>(() => import("@/lib/alerts/schemas").then((m) => m.arrivalFormSchema));
const FIELDS = ["silenceMinutes", "volumePercent"] as const;

/** The silence and low-day rules for pushed orders, with what they see now; admins save, others read with the reason. */
export function ArrivalRules({ canManage }: { canManage: boolean }) {
  const { data, error, mutate } = useArrivalRule();
  return (
    <RuleSection name="arrivals" canManage={canManage} data={data} error={error} retry={() => void mutate()}>
      {(rule, reason) => <ArrivalForm key={rule.updatedAt ?? "unset"} rule={rule} reason={reason} onSaved={(saved) => void mutate(saved, { revalidate: false })} />}
    </RuleSection>
  );
}

function ArrivalState({ rule }: { rule: ArrivalRuleView }) {
  const t = useTranslations("alerts.arrivals");
  const { dateTime } = useDateTime();
  const lines = [
    rule.silenceMinutes === null ? t("silenceOff") : t("silenceOn", { minutes: rule.silenceMinutes }),
    rule.volumePercent === null ? t("volumeOff") : t("volumeOn", { percent: rule.volumePercent }),
    rule.lastPushAt ? t("lastPush", { at: dateTime(rule.lastPushAt) }) : t("neverPushed"),
    t("today", { today: rule.today, usual: rule.usual }),
    ...(rule.updatedBy ? [t("setBy", { who: rule.updatedBy })] : []),
  ];
  return (
    <div className="space-y-1 text-sm" data-testid="alert-arrivals-state">
      {rule.silent ? (
        <p className="font-medium text-amber-900 dark:text-amber-100" data-testid="alert-arrivals-silent">
          {t("silentNow")}
        </p>
      ) : null}
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function ArrivalForm({ rule, reason, onSaved }: { rule: ArrivalRuleView; reason: string | null; onSaved: (rule: ArrivalRuleView) => void }) {
  const t = useTranslations("alerts");
  const problemText = useProblemText();
  const fieldTexts = useFieldErrors();
  const say = useCodeText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ArrivalFormInput, unknown, ArrivalRuleBody>({
    resolver: arrivalsResolver.resolver,
    defaultValues: { silenceMinutes: rule.silenceMinutes === null ? "" : String(rule.silenceMinutes), volumePercent: rule.volumePercent === null ? "" : String(rule.volumePercent) },
  });
  useEffect(() => arrivalsResolver.preload(), []);

  const onSubmit = async (body: ArrivalRuleBody) => {
    try {
      const saved = await saveArrivalsRequest(body);
      toast.success(t("toast.arrivalsSaved"));
      onSaved(saved);
    } catch (error) {
      if (!setFieldErrors(fieldTexts(error), [...FIELDS], setError)) setError("root", { type: "server", message: problemText(error) });
    }
  };
  const text = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? (say({ code: message }) ?? message) : null;
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={`${cardClass} space-y-3`} data-testid="alert-arrivals-form" aria-labelledby="alert-arrivals-heading">
      <ArrivalState rule={rule} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id="arrivals-silence" label={t("arrivals.silenceMinutes")} help={t("arrivals.silenceHelp")} error={text("silenceMinutes")} describedBy={reason ? "alert-arrivals-reason" : undefined}>
          {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={inputClass} disabled={reason !== null} {...register("silenceMinutes")} />}
        </FormField>
        <FormField id="arrivals-volume" label={t("arrivals.volumePercent")} help={t("arrivals.volumeHelp")} error={text("volumePercent")} describedBy={reason ? "alert-arrivals-reason" : undefined}>
          {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={inputClass} disabled={reason !== null} {...register("volumePercent")} />}
        </FormField>
      </div>
      <RuleFormEnd name="arrivals" rootError={errors.root?.message} reason={reason} submitting={isSubmitting}>
        {isSubmitting ? t("arrivals.saving") : t("arrivals.save")}
      </RuleFormEnd>
    </form>
  );
}
