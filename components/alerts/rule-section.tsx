"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { GatedButton } from "@/components/ui/gated-button";
import { ErrorState } from "@/components/ui/states";
import { buttonClass, fieldErrorClass } from "@/components/ui/styles";
import type { ProblemError } from "@/lib/swr/fetcher";

/** An alert rule's section: heading, description, the reason a member may only read, then loading, error or the forms. */
export function RuleSection<T>({
  name,
  canManage,
  data,
  error,
  retry,
  children,
}: {
  name: "arrivals" | "freshness";
  canManage: boolean;
  data: T | undefined;
  error: ProblemError | undefined;
  retry: () => void;
  children: (data: T, reason: string | null) => ReactNode;
}) {
  const t = useTranslations(`alerts.${name}`);
  const id = `alert-${name}`;
  const reason = canManage ? null : t("onlyAdmins");
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid={id}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("description")}</p>
      {reason ? (
        <p id={`${id}-reason`} data-testid={`${id}-reason`} className="text-sm font-medium text-amber-900 dark:text-amber-100">
          {reason}
        </p>
      ) : null}
      {error ? (
        <ErrorState testId={`${id}-error`} messages={`alerts.${name}`} error={error} onRetry={retry} compact />
      ) : data === undefined ? (
        <p className="text-sm" aria-busy="true">
          {t("loading")}
        </p>
      ) : (
        children(data, reason)
      )}
    </section>
  );
}

/** A rule form's end: the error that belongs to no field, then save, or save shown disabled with the reason. */
export function RuleFormEnd({ name, rootError, reason, submitting, children }: { name: "arrivals" | "freshness"; rootError: string | undefined; reason: string | null; submitting: boolean; children: ReactNode }) {
  const t = useTranslations(`alerts.${name}`);
  return (
    <>
      {rootError ? (
        <p role="alert" className={fieldErrorClass}>
          {rootError}
        </p>
      ) : null}
      {reason ? (
        <GatedButton testId={`alert-${name}-save`} disabledReason={reason} showReason={false}>
          {t("save")}
        </GatedButton>
      ) : (
        <button type="submit" className={buttonClass.primary} disabled={submitting} aria-busy={submitting || undefined} data-testid={`alert-${name}-save`}>
          {children}
        </button>
      )}
    </>
  );
}
