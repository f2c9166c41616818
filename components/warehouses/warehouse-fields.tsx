"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { checkboxClass, fieldErrorClass, helpTextClass, inputClass, labelClass, linkClass } from "@/components/ui/styles";
import type { useCodeCheck } from "@/lib/warehouses/code-check";

interface FieldProps {
  id: string;
  label: string;
  error: string | null;
  errorTestId: string;
  help?: string;
  required?: boolean;
  mono?: boolean;
  checkbox?: boolean;
  status?: { shown: boolean; testId: string; node: ReactNode };
  input: InputHTMLAttributes<HTMLInputElement> & Partial<UseFormRegisterReturn>;
}

export function Field({ id, label, error, errorTestId, help, required, mono, checkbox, status, input }: FieldProps) {
  const describedBy = [error && `${id}-error`, help && `${id}-help`, status?.shown && `${id}-check`].filter(Boolean).join(" ") || undefined;
  const control = (
    <input
      id={id}
      type={checkbox ? "checkbox" : undefined}
      className={checkbox ? checkboxClass : mono ? `${inputClass} font-mono` : inputClass}
      aria-required={required ? "true" : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div>
      {checkbox ? (
        <div className="flex items-center gap-2">
          {control}
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={id} className={labelClass}>
            {label}
            {required ? (
              <>
                {" "}
                <span aria-hidden="true">*</span>
              </>
            ) : null}
          </label>
          {control}
        </>
      )}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      {status ? (
        <p id={`${id}-check`} aria-live="polite" className={helpTextClass} data-testid={status.testId}>
          {status.node}
        </p>
      ) : null}
      {help ? (
        <p id={`${id}-help`} className={helpTextClass}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

export function CodeCheckText({ check }: { check: ReturnType<typeof useCodeCheck> }) {
  const t = useTranslations("warehouses.form");
  if (check.checking) return t("codeChecking");
  const takenBy = check.result?.available === false ? check.result.takenBy : null;
  if (takenBy) {
    return (
      <span className="text-amber-900 dark:text-amber-200">
        {takenBy.code.trim() === check.typed ? t("codeTakenBy", { name: takenBy.name }) : t("codeLookalikeBy", { name: takenBy.name, code: takenBy.code })}{" "}
        <Link href={`/warehouses/${takenBy.id}`} className={linkClass} target="_blank">
          {t("codeTakenView")}
        </Link>
      </span>
    );
  }
  // The line is held while a code is typed, so the answer's arrival never moves the submit button under a click.
  return check.result?.available ? t("codeFree") : "\u00a0";
}
