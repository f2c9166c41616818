"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { PlainTable } from "@/components/data-table/plain-table";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { FilePicker } from "@/components/ui/file-picker";
import { FormField } from "@/components/ui/form-field";
import { buttonClass, cardClass, helpTextClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { RECONCILE_UPLOAD_MAX_BYTES, RECONCILE_UPLOAD_MAX_ROWS, RECONCILIATIONS_PATH } from "@/lib/reconcile/constants";
import { fileContent, uploadRequest } from "@/lib/reconcile/client";
import type { UploadPreview } from "@/lib/reconcile/schemas";
import { fieldCodesOf } from "@/lib/rules/problems";
import { isProblemError } from "@/lib/swr/fetcher";

const ACCEPT = ".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MEGABYTES = RECONCILE_UPLOAD_MAX_BYTES / 1024 / 1024;

export function ReconcileUpload({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("reconcile.upload");
  const catalog = useTranslations();
  const format = useFormatter();
  const dt = useDateTime();
  const router = useRouter();
  const problemText = useErpProblemText();
  const id = useId();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const limits = { maxRows: format.number(RECONCILE_UPLOAD_MAX_ROWS), maxMegabytes: format.number(MEGABYTES) };

  const refusal = (error: unknown) => {
    const code = isProblemError(error) ? Object.values(fieldCodesOf(error.problem))[0]?.[0] : undefined;
    return code && catalog.has(code.code) ? catalog(code.code, { ...code.params, ...limits }) : problemText(error);
  };

  const send = async (body: { fileName: string; content: string }, start: boolean) => {
    setPending(true);
    setRefused(null);
    try {
      const answer = await uploadRequest({ ...body, start });
      if (answer.id) router.push(`${RECONCILIATIONS_PATH}/${answer.id}`);
      else setPreview(answer.preview);
    } catch (error) {
      setPreview(null);
      setRefused(refusal(error));
    } finally {
      setPending(false);
    }
  };

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setRefused(null);
    if (!chosen) return setFile(null);
    if (chosen.size > RECONCILE_UPLOAD_MAX_BYTES) {
      setFile(null);
      return setRefused(catalog("validation.reconcile.upload.too_large", limits));
    }
    const body = { fileName: chosen.name, content: await fileContent(chosen) };
    setFile(body);
    await send(body, false);
  };

  const column = (found: UploadPreview["columns"]["id"]) => (found ? (found.name ?? t("columnAt", { number: found.index + 1 })) : t("columnNone"));
  const reasonId = `${id}-reason`;
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} space-y-3`} data-testid="reconcile-upload">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
        <p className={helpTextClass}>{t("help", limits)}</p>
      </div>
      <FormField id={`${id}-file`} label={t("file")} describedBy={canRun ? undefined : reasonId}>
        {(aria) => (canRun ? <FilePicker {...aria} accept={ACCEPT} fileName={file?.fileName ?? null} onFile={(f) => void choose(f)} /> : <p className={helpTextClass}>{disabledReason}</p>)}
      </FormField>
      {refused ? <p role="alert" className={errorBoxClass} data-testid="reconcile-upload-error">{refused}</p> : null}
      {pending && !preview ? <p className={helpTextClass} role="status">{t("reading")}</p> : null}
      {preview && file ? (
        <div className="space-y-3" data-testid="reconcile-upload-preview">
          <h3 className="font-semibold">{t("previewTitle", { fileName: preview.fileName })}</h3>
          <p data-testid="reconcile-upload-found">{t("found", { orders: preview.orders, rows: preview.rows })}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t("columnId")}</dt>
            <dd data-testid="reconcile-upload-column-id">{column(preview.columns.id)}</dd>
            <dt className="font-medium">{t("columnDate")}</dt>
            <dd data-testid="reconcile-upload-column-date">{column(preview.columns.date)}</dd>
            <dt className="font-medium">{t("columnChannel")}</dt>
            <dd data-testid="reconcile-upload-column-channel">{column(preview.columns.channel)}</dd>
          </dl>
          {preview.invalidRows > 0 ? <p className={reasonTextClass}>{t("invalidRows", { count: preview.invalidRows })}</p> : null}
          {preview.duplicates > 0 ? <p className={helpTextClass}>{t("duplicates", { count: preview.duplicates })}</p> : null}
          <PlainTable
            caption={t("sample")}
            rows={preview.sample}
            rowKey={(o) => o.id}
            className="rounded-md border border-slate-200 dark:border-slate-700"
            columns={[
              { id: "id", header: column(preview.columns.id), cell: (o) => o.id, className: "font-mono" },
              { id: "date", header: column(preview.columns.date), cell: (o) => (o.orderDate ? dt.dateTime(o.orderDate) : "–") },
              { id: "channel", header: column(preview.columns.channel), cell: (o) => o.source ?? "–" },
            ]}
          />
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonClass.primary} disabled={pending} aria-busy={pending || undefined} onClick={() => void send(file, true)} data-testid="reconcile-upload-start">
              {pending ? t("starting") : t("start", { count: preview.orders })}
            </button>
          </div>
        </div>
      ) : null}
      {!canRun ? <p id={reasonId} className="sr-only">{disabledReason}</p> : null}
    </section>
  );
}
