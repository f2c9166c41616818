"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormActions, FormField, SelectField, setFieldErrors } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { TimeField } from "@/components/ui/time-field";
import { cardClass, checkboxClass, fieldErrorClass, inputClass } from "@/components/ui/styles";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import { saveChannelRequest } from "@/lib/alerts/client";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { ALERT_CHANNEL_KINDS, ALERT_EVENT_TYPES, DEFAULT_DIGEST_TIME, DELIVERY_MODES, eventKey, SMTP_TLS_MODES } from "@/lib/alerts/constants";
import type { AlertChannelView, ChannelBody, ChannelInput } from "@/lib/alerts/schemas";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";

const channelResolvers = {
  create: lazyZodResolver<ChannelInput, ChannelBody>(() => import("@/lib/alerts/schemas").then((m) => m.channelBodySchema("create"))),
  update: lazyZodResolver<ChannelInput, ChannelBody>(() => import("@/lib/alerts/schemas").then((m) => m.channelBodySchema("update"))),
};

const FIELDS = ["name", "kind", "enabled", "events", "url", "signingSecret", "smtpHost", "smtpPort", "smtpTls", "smtpUser", "smtpPassword", "from", "recipients", "deliveryMode", "digestTime", "language"] as const;
type Field = (typeof FIELDS)[number];

function defaultsFrom(channel: AlertChannelView | null, locale: Locale): ChannelInput {
  return {
    name: channel?.name ?? "",
    kind: channel?.kind ?? "webhook",
    enabled: channel?.enabled ?? true,
    events: channel?.events ?? ["transfer.attention"],
    url: "",
    signingSecret: "",
    smtpHost: channel?.smtp?.host ?? "",
    smtpPort: channel?.smtp ? String(channel.smtp.port) : "587",
    smtpTls: channel?.smtp?.tls ?? "starttls",
    smtpUser: channel?.smtp?.user ?? "",
    smtpPassword: "",
    from: channel?.smtp?.from ?? "",
    recipients: channel?.smtp?.recipients.join(", ") ?? "",
    deliveryMode: channel?.delivery.mode ?? "immediate",
    digestTime: channel?.delivery.time ?? DEFAULT_DIGEST_TIME,
    language: channel?.language ?? locale,
  };
}

/** Create (channel null) or edit a channel; saved secrets show as masks, and empty secret fields keep them. */
export function ChannelForm({ channel, onSaved, onCancel }: { channel: AlertChannelView | null; onSaved: (c: AlertChannelView) => void; onCancel: () => void }) {
  const t = useTranslations("alerts");
  const languages = useTranslations("languages");
  const locale = useLocale() as Locale;
  const problemText = useProblemText();
  const fieldTexts = useFieldErrors();
  const say = useCodeText();
  const mode = channel ? "update" : "create";
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChannelInput, unknown, ChannelBody>({
    resolver: channelResolvers[mode].resolver,
    defaultValues: defaultsFrom(channel, locale),
  });
  useEffect(() => channelResolvers[mode].preload(), [mode]);
  const kind = useWatch({ control, name: "kind" });
  const deliveryMode = useWatch({ control, name: "deliveryMode" });
  const sameKind = channel !== null && channel.kind === kind;
  const prefix = channel ? `channel-${channel.id}` : "channel-new";

  const text = (message: string | undefined): string | null => (message ? (say({ code: message }) ?? message) : null);

  const onSubmit = async () => {
    try {
      onSaved(await saveChannelRequest(channel?.id ?? null, getValues()));
    } catch (error) {
      if (!setFieldErrors(fieldTexts(error), FIELDS, setError)) setError("root", { type: "server", message: problemText(error) });
    }
  };

  const field = (name: Field, label: string) => ({ id: `${prefix}-${name}`, label, error: text(errors[name]?.message as string | undefined) });
  // A saved secret is bound to its destination: the hint says when it must be typed again.
  const keep = (mask: string | null | undefined, key: "keepSecret" | "keepPassword" | "keepSigningSecret" = "keepSecret") =>
    sameKind && mask ? t(`form.${key}`, { mask }) : undefined;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={`${cardClass} space-y-4`} data-testid="alert-channel-form" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className="text-lg font-semibold">
        {channel ? t("form.editTitle", { name: channel.name }) : t("form.createTitle")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field("name", t("form.name"))}>{(aria) => <input {...aria} type="text" autoComplete="off" className={inputClass} {...register("name")} />}</FormField>
        <SelectField {...field("kind", t("form.kind"))} options={ALERT_CHANNEL_KINDS} optionLabel={(k) => t(`kinds.${k}`)} className={inputClass} control={control} name="kind" />
      </div>

      {kind === "webhook" || kind === "slack" ? (
        <div className="grid gap-4">
          <FormField {...field("url", t("form.url"))} help={keep(channel?.masks.url) ?? t(kind === "slack" ? "form.slackUrlHelp" : "form.urlHelp")}>
            {(aria) => <input {...aria} type="url" autoComplete="off" spellCheck={false} className={inputClass} {...register("url")} />}
          </FormField>
          {kind === "webhook" ? (
            <FormField {...field("signingSecret", t("form.signingSecret"))} help={keep(channel?.masks.signingSecret, "keepSigningSecret") ?? t("form.signingSecretHelp")}>
              {(aria) => <input {...aria} type="password" autoComplete="new-password" className={inputClass} {...register("signingSecret")} />}
            </FormField>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField {...field("smtpHost", t("form.smtpHost"))} help={t("form.smtpVerifyHelp")}>
            {(aria) => <input {...aria} type="text" autoComplete="off" spellCheck={false} className={inputClass} {...register("smtpHost")} />}
          </FormField>
          <FormField {...field("smtpPort", t("form.smtpPort"))}>{(aria) => <input {...aria} type="text" inputMode="numeric" className={inputClass} {...register("smtpPort")} />}</FormField>
          <SelectField {...field("smtpTls", t("form.smtpTls"))} options={SMTP_TLS_MODES} optionLabel={(m) => t(`form.tlsModes.${m}`)} className={inputClass} control={control} name="smtpTls" />
          <FormField {...field("smtpUser", t("form.smtpUser"))}>{(aria) => <input {...aria} type="text" autoComplete="off" className={inputClass} {...register("smtpUser")} />}</FormField>
          <FormField {...field("smtpPassword", t("form.smtpPassword"))} help={keep(channel?.masks.smtpPassword, "keepPassword")}>
            {(aria) => <input {...aria} type="password" autoComplete="new-password" className={inputClass} {...register("smtpPassword")} />}
          </FormField>
          <FormField {...field("from", t("form.from"))}>{(aria) => <input {...aria} type="email" autoComplete="off" className={inputClass} {...register("from")} />}</FormField>
          <div className="sm:col-span-2">
            <FormField {...field("recipients", t("form.recipients"))} help={t("form.recipientsHelp")}>
              {(aria) => <textarea {...aria} rows={2} className={inputClass} {...register("recipients")} />}
            </FormField>
          </div>
        </div>
      )}

      <fieldset aria-describedby={errors.events ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium">{t("form.events")}</legend>
        <div className="mt-2 grid gap-2">
          {ALERT_EVENT_TYPES.map((e) => (
            <label key={e} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={e} className={checkboxClass} {...register("events")} />
              {t(`events.${eventKey(e)}`)}
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={`${prefix}-events-error`} className={fieldErrorClass}>
            {text(errors.events.message as string | undefined)}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field("deliveryMode", t("form.deliveryMode"))}>
          {(aria) => (
            <Controller
              control={control}
              name="deliveryMode"
              render={({ field: f }) => <Select {...aria} ref={f.ref} name={f.name} onBlur={f.onBlur} value={f.value ?? ""} onValueChange={f.onChange} className={inputClass} options={DELIVERY_MODES.map((m) => ({ value: m, label: t(`form.deliveryModes.${m}`) }))} />}
            />
          )}
        </FormField>
        <FormField {...field("language", t("form.language"))} help={t("form.languageHelp")}>
          {(aria) => (
            <Controller
              control={control}
              name="language"
              render={({ field: f }) => <Select {...aria} ref={f.ref} name={f.name} onBlur={f.onBlur} value={f.value ?? ""} onValueChange={f.onChange} className={inputClass} options={LOCALES.map((l) => ({ value: l, label: languages(l) }))} />}
            />
          )}
        </FormField>
        {deliveryMode === "daily" ? (
          <FormField {...field("digestTime", t("form.digestTime"))} help={t("form.digestTimeHelp")}>
            {(aria) => <Controller control={control} name="digestTime" render={({ field: f }) => <TimeField {...aria} {...f} value={f.value ?? ""} className={inputClass} />} />}
          </FormField>
        ) : null}
      </div>

      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className={checkboxClass} {...register("enabled")} />
        {t("form.enabled")}
      </label>

      {errors.root?.message ? (
        <p role="alert" className={fieldErrorClass}>
          {errors.root.message}
        </p>
      ) : null}
      <FormActions submitting={isSubmitting} label={t("form.save")} busyLabel={t("form.saving")} cancelLabel={t("form.cancel")} onCancel={onCancel} testId="alert-channel-save" />
    </form>
  );
}
