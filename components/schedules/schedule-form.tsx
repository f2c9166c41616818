"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Controller, useForm, useWatch, type FieldError } from "react-hook-form";
import { FormActions, FormField, SelectField, setFieldErrors } from "@/components/ui/form-field";
import { TimeField } from "@/components/ui/time-field";
import { useFieldErrors } from "@/components/ui/use-code-text";
import { checkboxClass, helpTextClass, inputClass } from "@/components/ui/styles";
import type { Locale } from "@/lib/i18n/config";
import { formatDateTime } from "@/lib/i18n/datetime";
import { EVERY_MINUTES, nextStarts } from "@/lib/schedules/next";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";
import { CRON_MAX_LENGTH, NAME_MAX_LENGTH, SCHEDULE_KINDS, SCHEDULE_RULE_TYPES, toScheduleFields, WEEKDAYS } from "@/lib/schedules/constants";
import type { ScheduleBodyInput, ScheduleFormInput, ScheduleFormOutput, scheduleFormSchema } from "@/lib/schedules/schemas";

// One form for a new schedule and a change; it sends the API's schedule, and server field errors land on the inputs they name.

type FormSchema = typeof scheduleFormSchema;
let formSchema: FormSchema | undefined;
const loadFormSchema = () => import("@/lib/schedules/schemas").then((m) => (formSchema = m.scheduleFormSchema));
const scheduleResolver = lazyZodResolver<ScheduleFormInput, ScheduleFormOutput>(loadFormSchema);

/** The form once its schema is there too, so the preview reads the same from the first frame (schedules-view loads it so). */
export const loadScheduleForm = () => loadFormSchema().then(() => ScheduleForm);

const FIELDS = ["kind", "name", "rule", "everyMinutes", "times", "days", "cron", "timeZone", "quietFrom", "quietTo", "maxOrders", "sendWhenWaiting", "sendWhenOldestSeconds", "windowHours"] as const;
type Field = (typeof FIELDS)[number];
const FROM_BODY: Record<string, Field> = { "rule.minutes": "everyMinutes", "rule.times": "times", "rule.days": "days", "rule.expression": "cron", "rule.type": "rule", activeFrom: "quietTo", activeTo: "quietFrom" };

export function ScheduleForm({
  initial,
  editing,
  defaultTimeZone,
  onSubmit,
  onCancel,
  failureText,
}: {
  initial: ScheduleFormInput;
  editing: boolean;
  defaultTimeZone: string;
  onSubmit: (body: ScheduleBodyInput) => Promise<void>;
  onCancel: () => void;
  failureText: (error: unknown) => string;
}) {
  const t = useTranslations("schedules");
  const tKinds = useTranslations("erp.imports.kinds");
  const tAll = useTranslations();
  const fieldTexts = useFieldErrors();
  const locale = useLocale() as Locale;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormOutput>({ resolver: scheduleResolver.resolver, defaultValues: initial });
  const [schema, setSchema] = useState(formSchema);
  useEffect(() => {
    if (!schema) void loadFormSchema().then(setSchema, () => undefined);
  }, [schema]);
  const values = useWatch({ control }) as ScheduleFormInput;
  // Zones and the preview depend on this browser's clock and Intl data: drawn after hydration only.
  const mounted = useSyncExternalStore(noSubscribe, () => true, () => false);
  const rule = values.rule;
  const kind = values.kind;
  // A new reconcile schedule starts hourly unless its interval was chosen already.
  useEffect(() => {
    if (!editing && kind === "reconcile" && !getFieldState("everyMinutes").isDirty) setValue("everyMinutes", "60");
  }, [editing, kind, getFieldState, setValue]);

  // The next starts as saved would give them: the same pure function the server uses.
  const preview = useMemo(() => {
    if (!mounted || !schema) return null;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return null;
    return nextStarts(parsed.data, new Date(), 3).map((d) => formatDateTime(d, locale, parsed.data.timeZone));
  }, [values, locale, mounted, schema]);

  const submit = async (spec: ScheduleFormOutput) => {
    try {
      await onSubmit(toScheduleFields(spec));
    } catch (error) {
      const texts = Object.fromEntries(Object.entries(fieldTexts(error)).map(([k, v]) => [FROM_BODY[k] ?? k, v]));
      if (!setFieldErrors(texts, FIELDS, setError)) setError("root", { type: "server", message: failureText(error) });
    }
  };

  const messageFor = (error: FieldError | undefined): string | null => {
    if (!error) return null;
    if (error.type === "server" && error.message) return error.message;
    return error.message && tAll.has(error.message) ? tAll(error.message) : (error.message ?? null);
  };
  const field = (name: Field, label?: string) => ({ id: `schedule-${name}`, label: label ?? t(`form.${name}`), error: messageFor(errors[name] as FieldError | undefined) });
  const control_ = `${inputClass} mt-1`;

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-labelledby="schedule-form-title" data-testid="schedule-form" className="space-y-4">
      <h2 id="schedule-form-title" className="text-lg font-semibold">
        {editing ? t("form.titleEdit") : t("form.titleNew")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("kind")} options={SCHEDULE_KINDS} optionLabel={(k) => tKinds(`${k}.name`)} className={control_} control={control} name="kind" />
        <FormField {...field("name")} help={t("form.nameHelp")}>
          {(aria) => <input {...aria} type="text" maxLength={NAME_MAX_LENGTH} autoComplete="off" className={control_} {...register("name")} />}
        </FormField>
        {values.kind === "transfer" ? (
          <FormField {...field("maxOrders")} help={t("form.maxOrdersHelp")}>
            {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={control_} {...register("maxOrders")} />}
          </FormField>
        ) : null}
        {values.kind === "reconcile" ? (
          <FormField {...field("windowHours")} help={t("form.windowHoursHelp")}>
            {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={control_} {...register("windowHours")} />}
          </FormField>
        ) : null}
        <SelectField {...field("rule")} options={SCHEDULE_RULE_TYPES} optionLabel={(r) => t(`form.rules.${r}`)} className={control_} control={control} name="rule" />
        {rule === "every" ? (
          <SelectField
            {...field("everyMinutes")}
            help={t("form.everyHelp")}
            options={EVERY_MINUTES}
            optionLabel={(m) => (m >= 60 ? t("form.everyHoursOption", { hours: m / 60 }) : t("form.everyOption", { minutes: m }))}
            className={control_}
            control={control} name="everyMinutes"
          />
        ) : null}
        {rule === "daily" || rule === "weekly" ? (
          <FormField {...field("times")} help={t("form.timesHelp")}>
            {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" placeholder="06:30, 18:00" className={control_} {...register("times")} />}
          </FormField>
        ) : null}
        {rule === "cron" ? (
          <FormField {...field("cron")} help={t("form.cronHelp")}>
            {(aria) => <input {...aria} type="text" maxLength={CRON_MAX_LENGTH} autoComplete="off" spellCheck={false} className={`${control_} font-mono`} {...register("cron")} />}
          </FormField>
        ) : null}
      </div>
      {rule === "weekly" ? (
        <fieldset aria-describedby={errors.days ? "schedule-days-error" : undefined}>
          <legend className="text-sm font-medium">{t("form.days")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {WEEKDAYS.map((d) => (
              <label key={d} className="inline-flex items-center gap-1 text-sm">
                <input type="checkbox" value={String(d)} className={checkboxClass} {...register("days")} />
                <span title={t(`weekdaysLong.${d}`)}>{t(`weekdays.${d}`)}</span>
              </label>
            ))}
          </div>
          {errors.days ? (
            <p id="schedule-days-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {messageFor(errors.days as FieldError)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field("timeZone")} help={t("form.timeZoneHelp", { zone: defaultTimeZone })}>
          {(aria) => <input {...aria} type="text" autoComplete="off" spellCheck={false} list="schedule-zones" className={control_} {...register("timeZone")} />}
        </FormField>
      </div>
      <datalist id="schedule-zones">
        {(mounted ? zones() : []).map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <fieldset>
        <legend className="text-sm font-medium">{t("form.window")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* Stored as quiet hours: the window opens when they end and closes when they begin. */}
          {(["quietTo", "quietFrom"] as const).map((name) => (
            <FormField key={name} {...field(name, t(name === "quietTo" ? "form.activeFrom" : "form.activeTo"))}>
              {(aria) => <Controller control={control} name={name} render={({ field: f }) => <TimeField {...aria} {...f} value={f.value ?? ""} className={control_} />} />}
            </FormField>
          ))}
        </div>
        <p className={helpTextClass}>{t("form.windowHelp")}</p>
      </fieldset>
      {values.kind === "transfer" ? (
        <fieldset>
          <legend className="text-sm font-medium">{t("form.early")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {(["sendWhenWaiting", "sendWhenOldestSeconds"] as const).map((name) => (
              <FormField key={name} {...field(name)}>
                {(aria) => <input {...aria} type="text" inputMode="numeric" autoComplete="off" className={control_} {...register(name)} />}
              </FormField>
            ))}
          </div>
          <p className={helpTextClass}>{t("form.earlyHelp")}</p>
        </fieldset>
      ) : null}
      <div data-testid="schedule-preview" aria-live="polite">
        <p className="text-sm font-medium">{t("form.preview")}</p>
        {preview === null ? (
          <p className={helpTextClass}>{t("form.previewInvalid")}</p>
        ) : preview.length === 0 ? (
          <p className={helpTextClass}>{t("form.previewNone")}</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {preview.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="schedule-form-failure">
          {errors.root.message}
        </p>
      ) : null}
      <FormActions
        submitting={isSubmitting}
        label={editing ? t("form.submitEdit") : t("form.submitNew")}
        busyLabel={t("form.submitting")}
        cancelLabel={t("form.cancel")}
        onCancel={onCancel}
        testId="schedule-submit"
      />
    </form>
  );
}

const noSubscribe = () => () => undefined;

let zoneList: string[] | undefined;
function zones(): string[] {
  zoneList ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zoneList;
}
