"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useDateTime } from "@/components/ui/time";
import { useCodeText } from "@/components/ui/use-code-text";
import { buttonClass, cardClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { createTransfer, useRevalidate } from "@/lib/erp/transfers/client";
import { applyTypoFix, ORDER_FILE_MAX_BYTES, orderListProblem, parseOrderIds, typoFixes, type TypoFix } from "@/lib/erp/transfers/order-ids";
import { TRANSFERS_API } from "@/lib/erp/lists";
import { readOrderFile, skipHeader, type OrderFileProblem } from "@/lib/erp/transfers/order-checks";
import { readPastedColumns } from "@/lib/erp/transfers/pasted-orders";
import { issueText } from "@/lib/rules/problems";
import { errorBoxClass, reasonTextClass, warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { FilePicker } from "@/components/ui/file-picker";
import { PreviewPanel, type Preview } from "@/components/erp/transfer-preview";
import { useTransferHold } from "@/lib/hold/client";
import type { HoldState } from "@/lib/hold/schemas";
import { isProblemError } from "@/lib/swr/fetcher";

export function TransferForm({
  canRun,
  disabledReason,
  maxOrders,
  batchSize,
  hold: initialHold,
}: {
  canRun: boolean;
  disabledReason: string | null;
  maxOrders: number;
  batchSize: number;
  hold: HoldState;
}) {
  const t = useTranslations("erp.transfer");
  const tHold = useTranslations("erpHold.form");
  const { data: hold = initialHold, mutate: reloadHold } = useTransferHold(initialHold);
  const [holdWarning, setHoldWarning] = useState(false);
  const tFile = useTranslations("erpOrders.file");
  const say = useCodeText();
  const { timeZone } = useDateTime();
  const router = useRouter();
  const problemText = useErpProblemText();
  const revalidate = useRevalidate();
  const id = useId();
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  // A second click can arrive before React re-renders the disabled button.
  const sendingRef = useRef(false);

  const makePreview = (source: string) => {
    const table = readPastedColumns(source, Date.now(), timeZone);
    const { header, text: body } = table ? { header: null, text: table.idText } : skipHeader(source);
    const parsed = parseOrderIds(body);
    setPreview({ parsed, header, problem: orderListProblem(parsed, maxOrders), fixes: typoFixes(body), text: source, idempotencyKey: crypto.randomUUID(), table });
    setSendError(null);
  };

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    setFileName(file.name);
    if (file.size > ORDER_FILE_MAX_BYTES) {
      setFileError(t("fileTooLarge", { name: file.name }));
      return;
    }
    const decoded = await readOrderFile(file.name, new Uint8Array(await file.arrayBuffer()));
    if ("problem" in decoded) {
      setFileError(fileProblemText(decoded.problem, file.name));
      return;
    }
    setText(decoded.text);
    makePreview(decoded.text);
  };

  const fileProblemText = (problem: OrderFileProblem, name: string) =>
    problem === "too_large"
      ? t("fileTooLarge", { name })
      : problem === "not_text"
        ? t("fileNotText", { name })
        : tFile(problem === "bad_spreadsheet" ? "badSpreadsheet" : "unsupportedSpreadsheet", { name });

  const leaveOut = (ids: string[]) => {
    if (!preview) return;
    const left = new Set(ids);
    const next = preview.parsed.ids.filter((id) => !left.has(id)).join("\n");
    setText(next);
    makePreview(next);
  };

  const fixTypo = (fix: TypoFix) => {
    const next = applyTypoFix(text, fix);
    setText(next);
    makePreview(next);
  };

  const stale = preview !== null && preview.text !== text;
  const current = preview && !stale ? preview : null;
  const canSend = canRun && current !== null && current.problem === null && !current.table?.problems.length && !sending;

  const send = async (overrideHold = false) => {
    if (!current || current.problem || current.table?.problems.length || sendingRef.current) return;
    if (hold.by === "person" && !overrideHold) {
      setHoldWarning(true);
      return;
    }
    sendingRef.current = true;
    // The handler's schema, loaded with the first send rather than with the page.
    let checked;
    try {
      const { createTransferBodySchema } = await import("@/lib/erp/schemas");
      const channels = current.table?.orders;
      checked = createTransferBodySchema(maxOrders).safeParse({ orderIds: current.parsed.ids, ...(channels?.length && { channels }) });
    } catch (error) {
      setSendError(problemText(error));
      sendingRef.current = false;
      return;
    }
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setSendError((issue && say(issueText(issue))) ?? t("problemEmpty"));
      sendingRef.current = false;
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      const channels = checked.data.channels && current.table?.orders;
      const { run } = await createTransfer({ orderIds: checked.data.orderIds ?? [], ...(channels && { channels }), ...(overrideHold && { overrideHold }) }, current.idempotencyKey);
      void revalidate(TRANSFERS_API);
      toast.success(t("started", { count: run.counts.total }));
      router.push(`/erp/transfers/${run.id}`);
    } catch (error) {
      // The key stays: sending again after a lost answer gives back the run if it was created.
      if (isProblemError(error) && error.problem.reason === "transfers_held") {
        void reloadHold();
        setHoldWarning(true);
      } else setSendError(problemText(error));
      sendingRef.current = false;
      setSending(false);
    }
  };

  const reasonId = `${id}-reason`;
  const hintId = `${id}-hint`;

  return (
    <form
      id="transfer"
      className={`${cardClass} scroll-mt-4 space-y-4`}
      data-testid="transfer-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className={helpTextClass}>{t("intro", { batchSize, max: maxOrders })}</p>
      </div>

      <LabelledField id={`${id}-ids`} label={t("idsLabel")} help={t("idsHelp")}>
        <textarea
          id={`${id}-ids`}
          className={`${inputClass} mt-1 h-40 font-mono`}
          value={text}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-ids-help`}
          onChange={(e) => setText(e.target.value)}
        />
      </LabelledField>

      <LabelledField id={`${id}-file`} label={t("fileLabel")} help={t("fileHelp")}>
        <FilePicker
          id={`${id}-file`}
          accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${id}-file-help`}
          aria-invalid={fileError ? true : undefined}
          fileName={fileName}
          onFile={(file) => void onFile(file)}
        />
        {fileName && !fileError ? <p className={helpTextClass}>{t("fileRead", { name: fileName })}</p> : null}
        {fileError ? (
          <p role="alert" className={`${errorBoxClass} mt-2`} data-testid="transfer-file-error">
            {fileError}
          </p>
        ) : null}
      </LabelledField>

      <div>
        <button type="button" className={buttonClass.secondary} onClick={() => makePreview(text)}>
          {t("preview")}
        </button>
      </div>

      <div aria-live="polite" data-testid="transfer-preview-region">
        {current ? <PreviewPanel preview={current} batchSize={batchSize} maxOrders={maxOrders} onLeaveOut={leaveOut} onFix={fixTypo} /> : null}
        {stale ? <p className={reasonTextClass}>{t("previewStale")}</p> : null}
      </div>

      {sendError ? (
        <p role="alert" className={errorBoxClass} data-testid="transfer-send-error">
          {t("sendFailed", { reason: sendError })}
        </p>
      ) : null}

      {hold.by === "person" && holdWarning && current ? (
        <div role="alert" className={`${warningBoxClass} space-y-2`} data-testid="transfer-hold-warning">
          <p>{tHold("warning", { reason: hold.reason ?? "" })}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonClass.primary} disabled={!canSend} onClick={() => void send(true)} data-testid="transfer-send-anyway">
              {tHold("sendAnyway")}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setHoldWarning(false)}>
              {tHold("wait")}
            </button>
          </div>
        </div>
      ) : null}

      <div>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={!canSend}
          aria-describedby={!canRun ? reasonId : !current ? hintId : undefined}
          data-testid="transfer-send"
        >
          {sending
            ? t("sending")
            : current && current.problem === null
              ? t("send", { count: current.parsed.ids.length })
              : t("sendIdle")}
        </button>
        {!canRun ? (
          <p id={reasonId} className={reasonTextClass} data-testid="transfer-disabled-reason">
            {disabledReason}
          </p>
        ) : !current ? (
          <p id={hintId} className={helpTextClass}>
            {t("previewFirst")}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function LabelledField({ id, label, help, children }: { id: string; label: string; help: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-help`} className={helpTextClass}>
        {help}
      </p>
      {children}
    </div>
  );
}
