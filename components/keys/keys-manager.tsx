"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { listColumns, ListTable } from "@/components/data-table/list-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField, SelectField, setFieldErrors } from "@/components/ui/form-field";
import { alertClass, buttonClass, cardClass, inputClass, selectClass } from "@/components/ui/styles";
import { toast } from "@/components/ui/toast";
import { useFieldErrors } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import { KEY_NAME_MAX_LENGTH, KEY_ROLES } from "@/lib/apikeys/limits";
import { createKeyRequest, revokeKeyRequest, useApiKeys } from "@/lib/apikeys/client";
import type { ApiKey, CreatedKey } from "@/lib/apikeys/schemas";
import { DateField } from "@/components/ui/date-field";

const FIELDS = ["name", "role", "expiresOn", "allowedAddresses"] as const;

interface FormValues {
  name: string;
  role: (typeof KEY_ROLES)[number];
  expiresOn: string;
  addresses: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function KeysManager() {
  const t = useTranslations("apiKeys");
  const problemText = useProblemText();
  const { data, error, mutate } = useApiKeys();
  const [shown, setShown] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const revoke = async () => {
    if (!revoking) return;
    setPending(true);
    setFailure(null);
    try {
      await revokeKeyRequest(revoking.id);
      toast.success(t("toast.revoked", { name: revoking.name }));
      setRevoking(null);
    } catch (err) {
      setFailure(problemText(err));
    } finally {
      setPending(false);
      await mutate();
    }
  };

  return (
    <div className="space-y-8">
      <CreateKeyForm
        onCreated={async (created) => {
          setShown(created);
          await mutate();
        }}
      />
      {shown ? <ShownSecret created={shown} onDone={() => setShown(null)} /> : null}
      {error ? (
        <p role="alert" className={alertClass.error} data-testid="keys-error">
          {t("table.errorTitle")} {problemText(error)}
        </p>
      ) : !data ? (
        <p className="text-sm">{t("table.loading")}</p>
      ) : (
        <KeysTable items={data.items} onRevoke={setRevoking} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("revoke.title", { name: revoking?.name ?? "" })}
        description={t("revoke.description")}
        confirmLabel={t("revoke.confirm")}
        cancelLabel={t("revoke.cancel")}
        tone="danger"
        pending={pending}
        failure={failure}
        onConfirm={() => void revoke()}
        onCancel={() => {
          setRevoking(null);
          setFailure(null);
        }}
        testId="revoke-key-dialog"
      />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedKey) => Promise<void> }) {
  const t = useTranslations("apiKeys");
  const tRoles = useTranslations("roles");
  const problemText = useProblemText();
  const fieldTexts = useFieldErrors();
  const defaults: FormValues = { name: "", role: "operator", expiresOn: inDays(90), addresses: "" };
  const { register, handleSubmit, reset, setError, control, formState: { errors, isSubmitting } } = useForm<FormValues>({ defaultValues: defaults });

  // The handler's schema decides; its field errors land on the fields (an address error on the address box).
  const onSubmit = async (values: FormValues) => {
    const allowedAddresses = values.addresses.split(/\s+/).filter(Boolean);
    try {
      const created = await createKeyRequest({ name: values.name, role: values.role, expiresOn: values.expiresOn, allowedAddresses });
      reset(defaults);
      toast.success(t("toast.created", { name: created.key.name }));
      await onCreated(created);
    } catch (error) {
      const texts = fieldTexts(error);
      const address = Object.entries(texts).find(([k]) => k.startsWith("allowedAddresses"));
      const mapped: Record<string, string> = { ...texts, ...(address ? { addresses: address[1] } : {}) };
      if (!setFieldErrors(mapped, [...FIELDS.filter((f) => f !== "allowedAddresses"), "addresses"] as const, setError)) toast.error(t("toast.failed", { reason: problemText(error) }));
    }
  };

  const err = (name: keyof FormValues) => errors[name]?.message ?? null;
  return (
    <form onSubmit={handleSubmit(onSubmit)} className={`${cardClass} grid gap-4 sm:grid-cols-2`} data-testid="create-key-form" noValidate>
      <h2 className="text-lg font-semibold sm:col-span-2">{t("form.title")}</h2>
      <FormField id="key-name" label={t("form.name")} help={t("form.nameHelp")} error={err("name")}>
        {(aria) => <input {...aria} className={inputClass} maxLength={KEY_NAME_MAX_LENGTH} {...register("name")} />}
      </FormField>
      <SelectField id="key-role" label={t("form.role")} options={KEY_ROLES} optionLabel={(r) => tRoles(r)} className={selectClass} control={control} name="role" error={err("role")} />
      <FormField id="key-expires" label={t("form.expiresOn")} help={t("form.expiresHelp")} error={err("expiresOn")}>
        {(aria) => <Controller control={control} name="expiresOn" render={({ field: f }) => <DateField {...aria} className={inputClass} clearable={false} min={inDays(0)} value={f.value} onChange={f.onChange} />} />}
      </FormField>
      <FormField id="key-addresses" label={t("form.addresses")} help={t("form.addressesHelp")} error={err("addresses")}>
        {(aria) => <textarea {...aria} rows={2} className={inputClass} {...register("addresses")} />}
      </FormField>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t("form.submitting") : t("form.submit")}
        </button>
      </div>
    </form>
  );
}

function ShownSecret({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const t = useTranslations("apiKeys.secret");
  const [copied, setCopied] = useState(false);
  return (
    <div className={alertClass.warning} data-testid="key-secret-panel">
      <p className="font-medium">{t("title", { name: created.key.name })}</p>
      <p className="mt-1 text-sm">{t("once")}</p>
      <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100" data-testid="key-secret">
        {created.secret}
      </code>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? t("copied") : t("copy")}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          {t("done")}
        </button>
      </div>
    </div>
  );
}

type KeyColumn = "name" | "role" | "state" | "prefix" | "expires" | "lastUse" | "createdBy" | "actions";

function KeysTable({ items, onRevoke }: { items: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const t = useTranslations("apiKeys");
  const tRoles = useTranslations("roles");
  const dt = useDateTime();
  const when = (iso: string) => dt.dateTime(iso);
  if (items.length === 0) return <p className="text-sm">{t("table.empty")}</p>;
  const column = listColumns<ApiKey, KeyColumn>(t, "table.");
  const columns = [
    column("name", (k) => k.name, { rowHeader: true }),
    column("role", (k) => tRoles(k.role)),
    column("state", (k) => t(`states.${k.state}`)),
    column("prefix", (k) => `${k.displayPrefix}…`, { className: "font-mono text-xs" }),
    column("expires", (k) => when(k.expiresAt)),
    column("lastUse", (k) => (k.lastUsedAt ? t("table.lastUseValue", { when: when(k.lastUsedAt), from: k.lastUsedFrom ?? "?" }) : t("table.never"))),
    column("createdBy", (k) => k.createdBy),
    column("actions", (k) =>
      k.state === "active" ? (
        <button type="button" className={buttonClass.danger} aria-label={t("table.revokeFor", { name: k.name })} onClick={() => onRevoke(k)}>
          {t("table.revoke")}
        </button>
      ) : null,
    ),
  ];
  return <ListTable columns={columns} rows={items} rowId={(k) => k.id} caption={t("table.caption")} testId="keys-table" rowProps={(k) => ({ "data-testid": `key-row-${k.id}` })} />;
}
