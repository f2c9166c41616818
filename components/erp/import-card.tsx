"use client";

import { useTranslations } from "next-intl";
import { useDateTime, useNow } from "@/components/ui/time";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, cardClass, helpTextClass } from "@/components/ui/styles";
import { erpProblem, useRevalidate, type ErpProblem } from "@/lib/erp/transfers/client";
import { startImport } from "@/lib/erp/imports/client";
import { IMPORTS_API, type ImportKindName } from "@/lib/erp/lists";
import type { ImportRunRow } from "@/lib/erp/schemas";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { importErrorText, scheduleName, starterName } from "@/components/erp/import-texts";

// Read in handlers and effects only, never while rendering.
const clock = () => Date.now();

type LastRun = NonNullable<ErpProblem["lastRun"]>;
type DialogState = { step: "confirm" } | { step: "repeat"; lastRun: LastRun; now: number } | null;

/** The run a new start would repeat, as the server judges it (lib/erp/imports/store.ts): pending, started or maybe started, within the window. */
function runToRepeat(latest: ImportRunRow | null, windowMinutes: number, now: number): LastRun | null {
  if (!latest || now - Date.parse(latest.startedAt) > windowMinutes * 60_000) return null;
  if (latest.outcome === "failed" && !latest.mayHaveActed) return null;
  return { by: latest.startedBy.email, byName: latest.startedBy.name, at: latest.startedAt, outcome: latest.outcome, origin: latest.origin };
}

export function ImportCard({
  kind,
  latest,
  loaded,
  windowMinutes,
  asked,
  onAsked,
  canRun,
  disabledReason,
}: {
  kind: ImportKindName;
  latest: ImportRunRow | null;
  loaded: boolean;
  windowMinutes: number;
  asked: boolean;
  onAsked: () => void;
  canRun: boolean;
  disabledReason: string | null;
}) {
  const t = useTranslations("erp.imports");
  const dt = useDateTime();
  const now = useNow();
  const problemText = useErpProblemText();
  const revalidate = useRevalidate();
  const id = useId();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; uncertain: boolean } | null>(null);
  const pendingRef = useRef(false);
  const name = t(`kinds.${kind}.name`);
  const label = t(`kinds.${kind}.label`);

  const start = async (confirmRepeat: boolean) => {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setFailure(null);
    try {
      const { run } = await startImport({ kind, ...(confirmRepeat ? { confirmRepeat: true } : {}) });
      setDialog(null);
      toast.success(t("startedToast", { kind: label, message: run.message ?? "" }));
    } catch (error) {
      const problem = erpProblem(error);
      if (problem?.status === 409 && problem.lastRun) {
        setDialog({ step: "repeat", lastRun: problem.lastRun, now: clock() });
      } else {
        setDialog(null);
        // No answer in time: the platform may have started it, so "not started" would be a guess.
        setFailure({ text: problemText(error), uncertain: problem?.code === "upstream_timeout" });
      }
    } finally {
      pendingRef.current = false;
      setPending(false);
      void revalidate(IMPORTS_API);
    }
  };

  // One dialog: a start that would repeat a recent run says who started it and when from the first step.
  const ask = () => {
    const at = clock();
    const lastRun = runToRepeat(latest, windowMinutes, at);
    setDialog(lastRun ? { step: "repeat", lastRun, now: at } : { step: "confirm" });
  };
  const startButton = useRef<HTMLButtonElement>(null);
  const askOnce = useEffectEvent(() => {
    if (canRun) {
      // The dialog hands the focus back to what held it when it opened: the start button, as after a click.
      startButton.current?.focus();
      ask();
    }
    onAsked();
  });
  useEffect(() => {
    if (!asked) return;
    const timer = window.setTimeout(askOnce, 0);
    return () => window.clearTimeout(timer);
  }, [asked]);

  const when = (iso: string, at: number | null = now) => ({
    relative: at === null ? dt.dateTime(iso) : dt.relative(iso, at),
    time: dt.dateTime(iso),
  });

  return (
    <div className={`${cardClass} flex flex-col gap-3`} data-testid={`import-card-${kind}`} aria-labelledby={`${id}-title`} role="group">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {name}
        </h3>
        <p className={helpTextClass}>{t(`kinds.${kind}.description`)}</p>
      </div>
      <div className="text-sm" data-testid="import-status" aria-live="polite">
        {!loaded ? (
          <span className="text-slate-600 dark:text-slate-300">{t("statusLoading")}</span>
        ) : !latest ? (
          <span>{t("neverStarted")}</span>
        ) : (
          <LatestStatus run={latest} when={when(latest.startedAt)} />
        )}
        <p className={helpTextClass}>{t("noCompletion")}</p>
      </div>
      {failure ? (
        <p role="alert" className={errorBoxClass} data-testid="import-failure">
          {t(failure.uncertain ? "uncertainNow" : "failedNow", { kind: label, reason: failure.text })}
        </p>
      ) : null}
      <div className="mt-auto">
        <button
          ref={startButton}
          type="button"
          className={buttonClass.primary}
          disabled={!canRun || pending}
          aria-describedby={!canRun ? `${id}-reason` : undefined}
          onClick={ask}
        >
          {pending ? t("starting") : t(`kinds.${kind}.start`)}
        </button>
        {!canRun ? (
          <p id={`${id}-reason`} className={reasonTextClass} data-testid="import-disabled-reason">
            {disabledReason}
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={dialog !== null}
        testId={`import-dialog-${kind}`}
        title={dialog?.step === "repeat" ? t(`kinds.${kind}.repeatTitle`) : t(`kinds.${kind}.confirmTitle`)}
        confirmLabel={dialog?.step === "repeat" ? t("repeatConfirm") : t("confirm")}
        cancelLabel={t("cancel")}
        tone={dialog?.step === "repeat" ? "warning" : "default"}
        pending={pending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void start(dialog?.step === "repeat")}
        description={
          dialog?.step === "repeat" ? (
            <>
              <p data-testid="import-repeat-warning">
                {dialog.lastRun.origin === "scheduled"
                  ? t("repeatBodyScheduled", { name: scheduleName(t, dialog.lastRun.byName, kind), kind: label, ...when(dialog.lastRun.at, dialog.now) })
                  : t(dialog.lastRun.outcome === "failed" ? "repeatBodyMaybe" : "repeatBody", {
                      name: dialog.lastRun.byName,
                      email: dialog.lastRun.by,
                      kind: label,
                      ...when(dialog.lastRun.at, dialog.now),
                    })}
              </p>
              <p>{t("repeatRisk")}</p>
            </>
          ) : (
            <>
              <p>{t(`kinds.${kind}.confirmBody`)}</p>
              <p>{t("noCompletion")}</p>
            </>
          )
        }
      />
    </div>
  );
}

function LatestStatus({ run, when }: { run: ImportRunRow; when: { relative: string; time: string } }) {
  const t = useTranslations("erp.imports");
  if (run.outcome === "started") {
    return (
      <div>
        <p>
          <span suppressHydrationWarning>{t("startedAgo", { relative: when.relative, name: starterName(t, run), time: when.time })}</span>
        </p>
        {run.message ? <p className={helpTextClass}>{t("platformSaid", { message: run.message })}</p> : null}
      </div>
    );
  }
  if (run.outcome === "failed") {
    return (
      <div>
        <p className="text-red-800 dark:text-red-200">
          <span suppressHydrationWarning>{t("failedAgo", { relative: when.relative, name: starterName(t, run), time: when.time })}</span>{" "}
          {importErrorText(t, run.errorCode)}
          {run.message ? ` ${t("platformSaid", { message: run.message })}` : ""}
        </p>
        {run.mayHaveActed ? <p className={reasonTextClass}>{t("mayHaveStarted")}</p> : null}
      </div>
    );
  }
  return (
    <p>
      <span suppressHydrationWarning>{t("pendingAgo", { relative: when.relative, name: starterName(t, run) })}</span>
    </p>
  );
}
