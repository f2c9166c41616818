"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { RuleFormEnd, RuleSection } from "@/components/alerts/rule-section";
import { FormField, setFieldErrors } from "@/components/ui/form-field";
import { cardClass, inputClass } from "@/components/ui/styles";
import { toast } from "@/components/ui/toast";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import { saveFreshnessRequest, useFreshnessRules } from "@/lib/alerts/client";
import type { FreshnessFormInput, FreshnessRuleView } from "@/lib/alerts/schemas";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";

// The rule's schema (and zod with it) loads once a form is on screen, not with the page.
const freshnessResolver = lazyZodResolver<FreshnessFormInput, { hours: number | null }>(() => import("@/lib/alerts/schemas").then((m) => m.freshnessFormSchema));

/** One form per import kind: hours without a start before an alert, empty for off; admins save, others read with the reason. */
export function FreshnessRules({ canManage }: { canManage: boolean }) {
  const { data, error, mutate } = useFreshnessRules();
  return (
    <RuleSection name="freshness" canManage={canManage} data={data} error={error} retry={() => void mutate()}>
      {({ rules }, reason) => (
        <div className="grid gap-4 md:grid-cols-3">
          {rules.map((rule) => (
            // A saved rule comes back with a new update time: its form starts again from what was saved.
            <FreshnessRuleForm key={`${rule.kind}-${rule.updatedAt}`} rule={rule} reason={reason} onSaved={(saved) => void mutate({ rules: saved }, { revalidate: false })} />
          ))}
        </div>
      )}
    </RuleSection>
  );
}

function FreshnessRuleForm({ rule, reason, onSaved }: { rule: FreshnessRuleView; reason: string | null; onSaved: (rules: FreshnessRuleView[]) => void }) {
  const t = useTranslations("alerts");
  const problemText = useProblemText();
  const fieldTexts = useFieldErrors();
  const say = useCodeText();
  const kind = t(`freshness.kinds.${rule.kind}`);
  const word = t(`freshness.kindWords.${rule.kind}`);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FreshnessFormInput, unknown, { hours: number | null }>({
    resolver: freshnessResolver.resolver,
    defaultValues: { hours: rule.hours === null ? "" : String(rule.hours) },
  });
  useEffect(() => freshnessResolver.preload(), []);

  const onSubmit = async ({ hours }: { hours: number | null }) => {
    try {
      const answer = await saveFreshnessRequest({ kind: rule.kind, hours });
      toast.success(t(hours === null ? "toast.freshnessOff" : "toast.freshnessSaved", { kind: word }));
      onSaved(answer.rules);
    } catch (error) {
      if (!setFieldErrors(fieldTexts(error), ["hours"], setError)) setError("root", { type: "server", message: problemText(error) });
    }
  };
  const message = errors.hours?.message;
  const id = `freshness-${rule.kind}-hours`;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={`${cardClass} space-y-3`} data-testid="alert-freshness-rule" data-kind={rule.kind} aria-label={kind}>
      <h3 className="font-medium">{kind}</h3>
      <p className="text-sm" data-testid="alert-freshness-state">
        {rule.hours === null ? t("freshness.off", { kind: word }) : t("freshness.on", { kind: word, hours: rule.hours })}
        {rule.updatedBy ? ` ${t("freshness.setBy", { who: rule.updatedBy })}` : null}
      </p>
      <FormField id={id} label={t("freshness.hours", { kind: word })} help={t("freshness.hoursHelp")} error={message ? (say({ code: message }) ?? message) : null} describedBy={reason ? "alert-freshness-reason" : undefined}>
        {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={inputClass} disabled={reason !== null} {...register("hours")} />}
      </FormField>
      <RuleFormEnd name="freshness" rootError={errors.root?.message} reason={reason} submitting={isSubmitting}>
        <span aria-hidden="true">{isSubmitting ? t("freshness.saving") : t("freshness.save")}</span>
        <span className="sr-only">{t("freshness.saveFor", { kind: word })}</span>
      </RuleFormEnd>
    </form>
  );
}
