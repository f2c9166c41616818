import { getTranslations } from "next-intl/server";
import { Time } from "@/components/ui/time";
import { alertClass, cardClass } from "@/components/ui/styles";
import { auditStreamView, type AuditStreamView } from "@/lib/audit-stream/service";

export async function AuditStreamPanel() {
  const t = await getTranslations("alerts.stream");
  const view: AuditStreamView | null | "unread" = await auditStreamView().catch(() => "unread" as const);
  return (
    <section aria-labelledby="audit-stream-heading" className={`${cardClass} space-y-2`} data-testid="audit-stream">
      <h2 id="audit-stream-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {view === "unread" ? (
        <p className={alertClass.error} role="alert" data-testid="audit-stream-error">
          {t("error")}
        </p>
      ) : view === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="audit-stream-off">
          {t("off")}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{view.syslog ? t("toSyslog", { host: view.host, transport: view.syslog }) : t("to", { host: view.host })}</p>
          <p className="text-sm font-medium" data-testid="audit-stream-state" data-behind={view.behind}>
            {view.behind === 0 ? t("upToDate", { count: view.deliveredRows }) : t("behind", { count: view.behind })}{" "}
            {view.lastSuccessAt ? (
              <>
                {t("lastSuccess")}: <Time at={view.lastSuccessAt.toISOString()} />
              </>
            ) : (
              t("never")
            )}
          </p>
          {view.failures > 0 ? (
            <p className={alertClass.warning} data-testid="audit-stream-failing">
              {t("failing", { count: view.failures, error: view.lastError ?? "" })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
