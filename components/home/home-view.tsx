"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { RelativeTime, useDateTime, useNow } from "@/components/ui/time";
import { dayKey } from "@/lib/i18n/datetime";
import { Tile } from "@/components/home/tile";
import { FailuresTile } from "@/components/home/failures-tile";
import { OrderAgeTile } from "@/components/home/order-age-tile";
import { CallsChartTile, OutcomesChartTile } from "@/components/home/chart-tiles";
import { alertClass, linkClass } from "@/components/ui/styles";
import { actorName, eventMessage } from "@/lib/activity/readable";
import { ERP_IMPORT_KINDS } from "@/lib/erp/lists";
import { useHomeTile } from "@/lib/home/client";
import { ATTENTION_RUN_RESULTS, attentionRunsHref } from "@/lib/home/constants";
import { READINESS_CHECKS } from "@/lib/rules/warehouse";

/** A sentence that holds a relative time: the exact time is its tooltip. */
function Said({ iso, children }: { iso: string; children: (relative: string) => React.ReactNode }) {
  const dt = useDateTime();
  const now = useNow();
  return (
    <span title={dt.dateTime(iso)} data-relative-time="">
      {children(now === null ? dt.dateTime(iso) : dt.relative(iso, now))}
    </span>
  );
}

const When = ({ iso }: { iso: string }) => <RelativeTime at={iso} />;

const listClass = "divide-y divide-slate-100 dark:divide-slate-800";
const mutedClass = "text-slate-600 dark:text-slate-300";

export function HomeView() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ImportsTile />
      <TransfersTile />
      <OutcomesChartTile />
      <FailuresTile />
      <OrderAgeTile />
      <HealthTile />
      <CallsChartTile />
      <WarehousesTile />
      <div className="lg:col-span-2">
        <ActivityTile />
      </div>
    </div>
  );
}

function ImportsTile() {
  const t = useTranslations("home.imports");
  const tErp = useTranslations("erp.imports");
  const query = useHomeTile("imports");
  return (
    <Tile testId="home-imports" title={t("title")} link={{ href: "/erp", label: t("link") }} query={query}>
      {(data) => (
        <ul className={listClass}>
          {ERP_IMPORT_KINDS.map((kind) => {
            const { last, next } = data[kind];
            return (
              <li key={kind} className="py-2 first:pt-0 last:pb-0" data-testid={`home-import-${kind}`}>
                <Link href={`/erp?import=${kind}`} prefetch={false} className={linkClass}>
                  {tErp(`kinds.${kind}.name`)}
                </Link>
                <p data-testid="home-import-last" data-outcome={last?.outcome}>
                  {last ? (
                    <Said iso={last.at}>
                      {(relative) =>
                        t(`last.${last.outcome}`, {
                          relative,
                          who: last.origin === "scheduled" ? t("bySchedule", { name: last.schedule?.name ?? t("unnamedSchedule") }) : last.by.name || last.by.email,
                        })
                      }
                    </Said>
                  ) : (
                    <span className={mutedClass}>{t("never")}</span>
                  )}
                </p>
                <p className={mutedClass} data-testid="home-import-next">
                  {next ? (
                    <>
                      {t("next", { name: next.name ?? t("unnamedSchedule") })} <When iso={next.at} />
                    </>
                  ) : (
                    t("noSchedule")
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Tile>
  );
}

function TransfersTile() {
  const t = useTranslations("home.transfers");
  const dt = useDateTime();
  const now = useNow();
  // A run is named by what it is and when: today's by the time, older ones by the date too.
  const startedAt = (iso: string) => (now !== null && dayKey(iso, dt.timeZone) === dayKey(now, dt.timeZone) ? `${dt.clock(iso)} ${dt.zone(iso)}` : dt.dateTime(iso));
  const tResult = useTranslations("erp.result");
  const query = useHomeTile("transfers");
  return (
    <Tile
      testId="home-transfers"
      title={t("title")}
      link={{ href: attentionRunsHref("needs_attention"), label: t("link") }}
      query={query}
      isEmpty={(d) => d.counts.needs_attention + d.counts.interrupted === 0 && !d.nextSend}
      empty={t("empty")}
    >
      {(data) => (
        <div className="space-y-3">
          {data.nextSend ? (
            <p data-testid="home-transfers-next-send" className={mutedClass}>
              {t("nextSend", { when: dt.dateTime(data.nextSend.at), count: data.nextSend.queued })}
            </p>
          ) : null}
          <ul className="flex flex-wrap gap-4">
            {ATTENTION_RUN_RESULTS.map((result) => (
              <li key={result}>
                <Link href={attentionRunsHref(result)} prefetch={false} className={linkClass} data-testid={`home-transfers-count-${result}`}>
                  {t(`counts.${result}`, { count: data.counts[result] })}
                </Link>
              </li>
            ))}
          </ul>
          <ul className={listClass}>
            {data.runs.map((run) => (
              <li key={run.id} className="py-2" data-testid="home-transfer-run" data-run-id={run.id}>
                <Link href={`/erp/transfers/${run.id}`} prefetch={false} className={linkClass} suppressHydrationWarning>
                  {t("run", { count: run.counts.total, time: startedAt(run.createdAt) })}
                </Link>{" "}
                <span className={mutedClass}>
                  <Said iso={run.createdAt}>{(relative) => t("runBy", { name: run.by.name || run.by.email, relative })}</Said>
                </span>
                <p className={mutedClass}>
                  {tResult(run.result)} · {t("summary", { total: run.counts.total, open: run.open })}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Tile>
  );
}

function HealthTile() {
  const t = useTranslations("home.health");
  const format = useFormatter();
  const query = useHomeTile("health");
  return (
    <Tile testId="home-health" title={t("title")} query={query}>
      {(data) => (
        <div className="space-y-3">
          {data.outage ? (
            <p role="alert" className={alertClass.error} data-testid="home-health-outage">
              {t("outage", { minutes: data.silentMinutes })} <When iso={data.outage.since} />
            </p>
          ) : data.failingSince ? (
            <p className={alertClass.warning} data-testid="home-health-failing">
              {t("failing")} <When iso={data.failingSince} />
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className={mutedClass}>{t("median", { minutes: data.windowMinutes })}</dt>
              <dd className="text-lg font-semibold" data-testid="home-health-median">
                {data.medianLatencyMs === null ? t("none") : t("ms", { ms: data.medianLatencyMs })}
              </dd>
            </div>
            <div>
              <dt className={mutedClass}>{t("errorRate", { minutes: data.windowMinutes })}</dt>
              <dd className="text-lg font-semibold" data-testid="home-health-error-rate">
                {data.errorRate === null ? t("none") : format.number(data.errorRate, { style: "percent", maximumFractionDigits: 1 })}
              </dd>
              <dd className={mutedClass} data-testid="home-health-calls">
                {t("calls", { failures: data.failures, calls: data.calls })}
              </dd>
            </div>
            <div>
              <dt className={mutedClass}>{t("lastFailure")}</dt>
              <dd data-testid="home-health-last-failure">
                {data.lastFailure ? (
                  <>
                    <When iso={data.lastFailure.at} />: {t(`kinds.${data.lastFailure.kind === "invalid-response" ? "invalid" : data.lastFailure.kind === "http" || data.lastFailure.kind === "timeout" || data.lastFailure.kind === "network" ? data.lastFailure.kind : "other"}`)}
                    {data.lastFailure.status !== null ? ` (HTTP ${data.lastFailure.status})` : ""}
                    {data.lastFailure.operation ? <span className={`block ${mutedClass}`}>{data.lastFailure.operation}</span> : null}
                  </>
                ) : (
                  t("noFailure")
                )}
              </dd>
            </div>
            <div>
              <dt className={mutedClass}>{t("lastSuccess")}</dt>
              <dd data-testid="home-health-last-success">{data.lastSuccessAt ? <When iso={data.lastSuccessAt} /> : t("none")}</dd>
            </div>
          </dl>
          {data.calls === 0 ? <p className={mutedClass}>{t("noCalls", { minutes: data.windowMinutes })}</p> : null}
        </div>
      )}
    </Tile>
  );
}

function WarehousesTile() {
  const t = useTranslations("home.warehouses");
  const tFailed = useTranslations("warehouses.readiness.failed");
  const query = useHomeTile("warehouses");
  return (
    <Tile
      testId="home-warehouses"
      title={t("title")}
      link={{ href: "/warehouses?status=attention", label: t("link") }}
      query={query}
      isEmpty={(d) => d.total === 0}
      empty={t("empty")}
    >
      {(data) => (
        <div className="space-y-3">
          <p data-testid="home-warehouses-total">{t("total", { count: data.total })}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {READINESS_CHECKS.filter((c) => data.byCheck[c] > 0).map((c) => (
              <li key={c} className={mutedClass}>
                {t("byCheck", { count: data.byCheck[c], check: tFailed(c) })}
              </li>
            ))}
          </ul>
          <ul className={listClass}>
            {data.items.map((w) => (
              <li key={w.id} className="py-2" data-testid="home-warehouse">
                <Link href={`/warehouses/${w.id}`} prefetch={false} className={linkClass}>
                  {w.name}
                </Link>{" "}
                <span className={mutedClass}>({w.code})</span>
                <p className={mutedClass}>{w.checks.map((c) => tFailed(c)).join(", ")}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Tile>
  );
}

function ActivityTile() {
  const t = useTranslations("home.activity");
  const root = useTranslations();
  const dt = useDateTime();
  const query = useHomeTile("activity");
  return (
    <Tile testId="home-activity" title={t("title")} link={{ href: "/activity", label: t("link") }} query={query} isEmpty={(d) => d.items.length === 0} empty={t("empty")}>
      {(data) => (
        <ul className={listClass}>
          {data.items.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-testid="home-activity-event">
              <span>
                <Link href={e.targetType && e.targetId ? `/activity?target=${encodeURIComponent(`${e.targetType}:${e.targetId}`)}` : `/activity?action=${encodeURIComponent(e.action)}`} prefetch={false} className={linkClass}>
                  {eventMessage({ t: root, when: dt.dateTime }, e, data.names)}
                </Link>{" "}
                <span className={mutedClass} title={e.actorEmail ?? undefined}>
                  {actorName(root, e, data.names)}
                </span>
                {e.outcome !== "success" ? <span className={mutedClass}> · {t(`outcomes.${e.outcome === "denied" ? "denied" : "failure"}`)}</span> : null}
              </span>
              <When iso={e.at} />
            </li>
          ))}
        </ul>
      )}
    </Tile>
  );
}
