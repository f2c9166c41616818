"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId } from "react";
import { useDebouncedCommit } from "@/components/ui/use-debounced-commit";
import { actionLabel } from "@/lib/activity/labels";
import { AUDIT_OUTCOMES, isCalendarDate, parseTarget, type ActivityQuery } from "@/lib/activity/query";

export type FilterKey = "actor" | "action" | "target" | "from" | "to" | "outcome";
export type FilterPatch = Partial<Record<FilterKey, string | null>>;

const CONTROL =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";
const HINT = "mt-1 text-xs text-amber-900 dark:text-amber-200";

/** Options for a select: the known values, plus the current one when a link names another. */
const withCurrent = (values: string[], current: string | undefined) =>
  current && !values.includes(current) ? [current, ...values] : values;

export function ActivityFilters({
  query,
  raw,
  actors,
  actions,
  onChange,
  onClear,
  hasFilters,
}: {
  query: ActivityQuery;
  /** The URL's values as written, for the text and date inputs. */
  raw: { target: string | null; from: string | null; to: string | null };
  actors: string[];
  actions: string[];
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  const t = useTranslations("activity");
  const id = useId();
  const from = raw.from && isCalendarDate(raw.from) ? raw.from : "";
  const to = raw.to && isCalendarDate(raw.to) ? raw.to : "";
  const rangeInvalid = Boolean(from && to && from > to);
  const targetInvalid = Boolean(raw.target?.trim() && !parseTarget(raw.target.trim()));
  const commitTarget = useCallback((value: string) => onChange({ target: value.trim() || null }), [onChange]);

  return (
    <form
      role="search"
      aria-label={t("filters.label")}
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700 dark:bg-slate-900"
      onSubmit={(e) => e.preventDefault()}
    >
      <div>
        <label htmlFor={`${id}-actor`} className="mb-1 block text-sm font-medium">
          {t("filters.actor")}
        </label>
        <select id={`${id}-actor`} className={CONTROL} value={query.actor ?? ""} onChange={(e) => onChange({ actor: e.target.value || null })}>
          <option value="">{t("filters.actorAll")}</option>
          {withCurrent(actors, query.actor).map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-action`} className="mb-1 block text-sm font-medium">
          {t("filters.action")}
        </label>
        <select id={`${id}-action`} className={CONTROL} value={query.action ?? ""} onChange={(e) => onChange({ action: e.target.value || null })}>
          <option value="">{t("filters.actionAll")}</option>
          {withCurrent(actions, query.action).map((action) => (
            <option key={action} value={action}>
              {actionLabel(t, action)}
            </option>
          ))}
        </select>
      </div>
      <TargetInput
        id={`${id}-target`}
        value={raw.target ?? ""}
        invalid={targetInvalid}
        onCommit={commitTarget}
      />
      <div>
        <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
          {t("filters.from")}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={CONTROL}
          value={from}
          max={to || undefined}
          aria-describedby={rangeInvalid ? `${id}-range` : undefined}
          onChange={(e) => onChange({ from: e.target.value || null })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
          {t("filters.to")}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={CONTROL}
          value={to}
          min={from || undefined}
          aria-describedby={rangeInvalid ? `${id}-range` : undefined}
          onChange={(e) => onChange({ to: e.target.value || null })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-outcome`} className="mb-1 block text-sm font-medium">
          {t("filters.outcome")}
        </label>
        <select id={`${id}-outcome`} className={CONTROL} value={query.outcome ?? ""} onChange={(e) => onChange({ outcome: e.target.value || null })}>
          <option value="">{t("filters.outcomeAll")}</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`outcomes.${outcome}`)}
            </option>
          ))}
        </select>
      </div>
      {rangeInvalid ? (
        <p id={`${id}-range`} className={`${HINT} sm:col-span-2 lg:col-span-6`}>
          {t("filters.rangeInvalid")}
        </p>
      ) : null}
      {hasFilters ? (
        <div className="sm:col-span-2 lg:col-span-6">
          <button
            type="button"
            onClick={onClear}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t("filters.clear")}
          </button>
        </div>
      ) : null}
    </form>
  );
}

const DEBOUNCE_MS = 300;

/** A text filter that writes to the URL once typing pauses (or at once on Enter). */
function TargetInput({ id, value, invalid, onCommit }: { id: string; value: string; invalid: boolean; onCommit: (value: string) => void }) {
  const t = useTranslations("activity.filters");
  const { text, setText, commit } = useDebouncedCommit(value, onCommit, DEBOUNCE_MS);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t("target")}
      </label>
      <input
        id={id}
        type="search"
        className={`${CONTROL} font-mono`}
        value={text}
        placeholder={t("targetPlaceholder")}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
      {invalid ? (
        <p id={`${id}-hint`} className={HINT}>
          {t("targetInvalid")}
        </p>
      ) : null}
    </div>
  );
}
