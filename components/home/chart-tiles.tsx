"use client";

import { useMemo } from "react";
import dynamic from "next/dynamic";
import { useFormatter, useTimeZone, useTranslations } from "next-intl";
import { Tile } from "@/components/home/tile";
import { useDateTime } from "@/components/ui/time";
import { theadClass } from "@/components/ui/styles";
import { PlainTable } from "@/components/data-table/plain-table";
import { DAY_OUTCOMES, dayTotal, type OutcomeDays } from "@/lib/erp/outcomes/days";
import type { CallHistory } from "@/lib/health/history";
import { useHomeTile } from "@/lib/home/client";
import type { ChartProps, ChartSeries } from "@/components/home/uplot-chart";

const CHART_HEIGHT = "h-[200px]";

function ChartPlaceholder() {
  return <div aria-hidden="true" data-testid="home-chart-placeholder" className={`${CHART_HEIGHT} w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800`} />;
}

const Chart = dynamic(() => import("@/components/home/uplot-chart"), { ssr: false, loading: ChartPlaceholder });

const mutedClass = "text-slate-600 dark:text-slate-300";

/** The summary first (it is the chart's text), the chart when its library has loaded, then the numbers on request. */
function Figure({ testId, caption, chart, table, note, show }: { testId: string; caption: string; chart: Omit<ChartProps, "testId">; table: React.ReactNode; note: string; show: string }) {
  return (
    <figure className="space-y-3" data-testid={`${testId}-figure`}>
      <figcaption data-testid={`${testId}-summary`}>{caption}</figcaption>
      <Chart testId={`${testId}-chart`} {...chart} />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
        {chart.series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: `var(--chart-${s.color})` }} />
            {s.label}
          </li>
        ))}
      </ul>
      <details data-testid={`${testId}-numbers`}>
        <summary className="cursor-pointer font-medium">{show}</summary>
        <div className="mt-2 overflow-x-auto [contain:inline-size]" tabIndex={0} role="region" aria-label={show}>
          <p aria-hidden="true" className={`pb-1 text-xs ${mutedClass}`}>{note}</p>
          {table}
        </div>
      </details>
    </figure>
  );
}

export function CallsChartTile() {
  const t = useTranslations("home.calls");
  const query = useHomeTile("calls");
  return (
    <Tile testId="home-calls" title={t("title")} query={query} isEmpty={(d) => d.buckets.every((b) => b.calls === 0)} empty={t("empty")}>
      {(data) => <CallsChart data={data} />}
    </Tile>
  );
}

function CallsChart({ data }: { data: CallHistory }) {
  const t = useTranslations("home.calls");
  const format = useFormatter();
  const dt = useDateTime();
  const timeZone = useTimeZone();
  const view = useMemo(() => {
    const calls = data.buckets.reduce((n, b) => n + b.calls, 0);
    const failures = data.buckets.reduce((n, b) => n + b.failures, 0);
    const errorRate = format.number(calls ? failures / calls : 0, { style: "percent", maximumFractionDigits: 1 });
    const slowest = data.buckets.reduce<(typeof data.buckets)[number] | null>((top, b) => (b.p95Ms !== null && (top === null || b.p95Ms > top.p95Ms!) ? b : top), null);
    const at = (iso: string) => dt.dateTime(iso);
    const summary = slowest ? t("summary", { calls, errorRate, slowest: at(slowest.at), p95: format.number(slowest.p95Ms!) }) : t("summaryNoTimes", { calls, errorRate });
    const series: ChartSeries[] = [
      { label: t("median"), color: "median", values: data.buckets.map((b) => b.medianMs) },
      { label: t("p95"), color: "p95", values: data.buckets.map((b) => b.p95Ms) },
      { label: t("errorRate"), color: "errors", values: data.buckets.map((b) => (b.calls ? b.failures / b.calls : null)), axis: "right" },
    ];
    const axes = {
      xValue: (v: number) => dt.clock(v * 1000),
      leftValue: (v: number) => `${format.number(v)} ms`,
      rightValue: (v: number) => format.number(v, { style: "percent", maximumFractionDigits: 0 }),
    };
    return { summary, series, at, axes, x: data.buckets.map((b) => Date.parse(b.at) / 1000), rows: data.buckets.filter((b) => b.calls > 0) };
  }, [data, format, dt, t]);
  const percent = (v: number) => format.number(v, { style: "percent", maximumFractionDigits: 1 });
  return (
    <Figure
      testId="home-calls"
      caption={view.summary}
      show={t("show")}
      chart={{ kind: "lines", label: t("chart", { summary: view.summary }), x: view.x, series: view.series, timeZone, ...view.axes }}
      note={t("onlyWithCalls", { zone: timeZone ?? "UTC" })}
      table={
        <PlainTable
          className="text-xs"
          headClassName={theadClass}
          caption={t("onlyWithCalls", { zone: timeZone ?? "UTC" })}
          rows={view.rows}
          rowKey={(b) => b.at}
          rowProps={() => ({ "data-testid": "home-calls-row" })}
          columns={[
            { id: "interval", header: t("interval"), rowHeader: true, className: "font-normal", cell: (b) => view.at(b.at) },
            { id: "calls", header: t("calls"), cell: (b) => format.number(b.calls) },
            { id: "failures", header: t("failures"), cell: (b) => format.number(b.failures) },
            { id: "median", header: t("median"), cell: (b) => (b.medianMs === null ? "–" : `${format.number(b.medianMs)} ms`) },
            { id: "p95", header: t("p95"), cell: (b) => (b.p95Ms === null ? "–" : `${format.number(b.p95Ms)} ms`) },
            { id: "errorRate", header: t("errorRate"), cell: (b) => percent(b.failures / b.calls) },
          ]}
        />
      }
    />
  );
}

export function OutcomesChartTile() {
  const t = useTranslations("home.outcomes");
  const query = useHomeTile("outcomes");
  return (
    <Tile testId="home-outcomes" title={t("title")} query={query} isEmpty={(d) => d.days.every((day) => dayTotal(day) === 0)} empty={t("empty")}>
      {(data) => <OutcomesChart data={data} />}
    </Tile>
  );
}

function OutcomesChart({ data }: { data: OutcomeDays }) {
  const t = useTranslations("home.outcomes");
  const tMeaning = useTranslations("erp.meanings");
  const format = useFormatter();
  const dt = useDateTime();
  const view = useMemo(() => {
    const sum = (pick: (c: OutcomeDays["days"][number]["counts"]) => number) => data.days.reduce((n, d) => n + pick(d.counts), 0);
    const summary = t("summary", {
      total: data.days.reduce((n, d) => n + dayTotal(d), 0),
      transferred: sum((c) => c.transferred + c.already_in_erp),
      problems: sum((c) => c.failed + c.unknown + c.not_sent),
      rejected: sum((c) => c.rejected),
    });
    // The day is already the zone's calendar day: read at its UTC noon, which every zone within 12 hours keeps on that day.
    const day = (d: string) => dt.date(`${d}T12:00:00Z`);
    const series: ChartSeries[] = DAY_OUTCOMES.map((o) => ({ label: tMeaning(o), color: o, values: data.days.map((d) => d.counts[o]) }));
    const axes = { xValue: (i: number) => (data.days[i] ? dt.dayMonth(`${data.days[i].day}T12:00:00Z`) : ""), leftValue: (v: number) => (Number.isInteger(v) ? format.number(v) : "") };
    return { summary, day, series, axes, x: data.days.map((_, i) => i) };
  }, [data, format, dt, t, tMeaning]);
  return (
    <Figure
      testId="home-outcomes"
      caption={view.summary}
      show={t("show")}
      chart={{ kind: "stacked", label: t("chart", { summary: view.summary }), x: view.x, series: view.series, ...view.axes }}
      note={t("zone", { zone: data.timeZone })}
      table={
        <PlainTable
          className="text-xs"
          headClassName={theadClass}
          caption={t("zone", { zone: data.timeZone })}
          rows={data.days}
          rowKey={(d) => d.day}
          rowProps={(d) => ({ "data-testid": "home-outcomes-row", "data-day": d.day })}
          columns={[
            { id: "day", header: t("day"), rowHeader: true, className: "font-normal", cell: (d) => view.day(d.day) },
            ...DAY_OUTCOMES.map((o) => ({ id: o, header: tMeaning(o), cellProps: () => ({ "data-outcome": o }), cell: (d: OutcomeDays["days"][number]) => format.number(d.counts[o]) })),
            { id: "total", header: t("total"), cell: (d) => format.number(dayTotal(d)) },
          ]}
        />
      }
    />
  );
}
