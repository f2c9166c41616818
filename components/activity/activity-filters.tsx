"use client";

import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useId, type ReactNode } from "react";
import { useDebouncedCommit } from "@/components/ui/use-debounced-commit";
import { actionLabel } from "@/lib/activity/labels";
import { ACTIVITY_FILTER_KEYS, AUDIT_OUTCOMES, isCalendarDate, isTargetText } from "@/lib/activity/lists";
import type { ActivityFilterKey, ActivityState } from "@/lib/activity/schemas";
import { DateField } from "@/components/ui/date-field";
import { Select } from "@/components/ui/select";

export type FilterPatch = Partial<Record<ActivityFilterKey, string | undefined>>;

const CONTROL =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";
const HINT = "mt-1 text-xs text-amber-900 dark:text-amber-200";
const CLEAR = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
const DEBOUNCE_MS = 300;
const AS_WRITTEN = Object.fromEntries(ACTIVITY_FILTER_KEYS.map((key) => [key, parseAsString])) as Record<ActivityFilterKey, typeof parseAsString>;

// As written, bad values included: the form shows what was typed, the list ignores what is bad.
function useFiltersAsWritten() {
  const [written] = useQueryStates(AS_WRITTEN);
  return written;
}

export function ActivityFilters({
  state,
  actors,
  actions,
  onChange,
  onClear,
}: {
  state: ActivityState;
  actors: string[];
  actions: string[];
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
}) {
  const t = useTranslations("activity");
  const id = useId();
  const written = useFiltersAsWritten();
  const from = written.from && isCalendarDate(written.from) ? written.from : "";
  const to = written.to && isCalendarDate(written.to) ? written.to : "";
  const rangeInvalid = Boolean(from && to && from > to);
  const target = written.target ?? "";
  const targetInvalid = !isTargetText(target.trim());
  const commitTarget = useCallback((value: string) => onChange({ target: value.trim() || undefined }), [onChange]);
  const { text, setText, commit } = useDebouncedCommit(target, commitTarget, DEBOUNCE_MS);
  const set = (key: ActivityFilterKey) => (value: string) => onChange({ [key]: value || undefined });
  const rangeHint = rangeInvalid ? `${id}-range` : undefined;

  return (
    <form
      role="search"
      aria-label={t("filters.label")}
      data-shortcut-search
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700 dark:bg-slate-900"
      onSubmit={(e) => e.preventDefault()}
    >
      <Choice id={`${id}-actor`} label={t("filters.actor")} all={t("filters.actorAll")} value={state.actor} options={withCurrent(actors, state.actor)} onChange={set("actor")} />
      <Choice
        id={`${id}-action`}
        label={t("filters.action")}
        all={t("filters.actionAll")}
        value={state.action}
        options={withCurrent(actions, state.action)}
        optionLabel={(action) => actionLabel(t, action)}
        onChange={set("action")}
      />
      <Field id={`${id}-target`} label={t("filters.target")} hint={targetInvalid ? t("filters.targetInvalid") : null}>
        <input
          id={`${id}-target`}
          type="search"
          className={CONTROL}
          value={text}
          placeholder={t("filters.targetPlaceholder")}
          title={t("filters.targetHelp")}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={targetInvalid || undefined}
          aria-describedby={targetInvalid ? `${id}-target-hint` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
          }}
        />
      </Field>
      <Field id={`${id}-from`} label={t("filters.from")}>
        <DateField id={`${id}-from`} className={CONTROL} value={from} max={to || undefined} aria-describedby={rangeHint} onChange={set("from")} />
      </Field>
      <Field id={`${id}-to`} label={t("filters.to")}>
        <DateField id={`${id}-to`} className={CONTROL} value={to} min={from || undefined} aria-describedby={rangeHint} onChange={set("to")} />
      </Field>
      <Choice
        id={`${id}-outcome`}
        label={t("filters.outcome")}
        all={t("filters.outcomeAll")}
        value={state.outcome}
        options={AUDIT_OUTCOMES}
        optionLabel={(outcome) => t(`outcomes.${outcome}`)}
        onChange={set("outcome")}
      />
      {rangeInvalid ? (
        <p id={rangeHint} className={`${HINT} sm:col-span-2 lg:col-span-6`}>
          {t("filters.rangeInvalid")}
        </p>
      ) : null}
      {ACTIVITY_FILTER_KEYS.some((key) => written[key] !== null) ? (
        <div className="sm:col-span-2 lg:col-span-6">
          <button type="button" onClick={onClear} className={CLEAR}>
            {t("filters.clear")}
          </button>
        </div>
      ) : null}
    </form>
  );
}

// A link may name a value the menu does not list; it shows as the current one.
const withCurrent = (values: string[], current: string | undefined) => (current && !values.includes(current) ? [current, ...values] : values);

function Field({ id, label, hint = null, children }: { id: string; label: string; hint?: string | null; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Choice({
  id,
  label,
  all,
  value,
  options,
  optionLabel = (option) => option,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string | undefined;
  options: readonly string[];
  optionLabel?: (option: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Select id={id} className={CONTROL} value={value ?? ""} onValueChange={onChange} options={[{ value: "", label: all }, ...options.map((option) => ({ value: option, label: optionLabel(option) }))]} />
    </Field>
  );
}
