"use client";

import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { axisSize, daySplits, timeSpace } from "@/lib/home/chart-axes";

export interface ChartSeries {
  label: string;
  /** A name from the --chart-* variables in app/globals.css. */
  color: string;
  values: (number | null)[];
  /** "right": a second axis (the error rate beside the times). */
  axis?: "left" | "right";
}

export interface ChartProps {
  label: string;
  x: number[];
  series: ChartSeries[];
  kind: "lines" | "stacked";
  timeZone?: string;
  xValue: (x: number) => string;
  leftValue: (v: number) => string;
  rightValue?: (v: number) => string;
  testId: string;
}

const HEIGHT = 200;

/** Bars as running totals drawn tallest first, so each outcome shows as its own band. */
function stack(series: ChartSeries[]): ChartSeries[] {
  const totals: number[] = [];
  const out = series.map((s) => ({ ...s, values: s.values.map((v, i) => (totals[i] = (totals[i] ?? 0) + (v ?? 0))) }));
  return out.reverse();
}

const AXIS_FONT = "12px system-ui, sans-serif";

function measurer(): (text: string) => number {
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return (text) => text.length * 8;
  ctx.font = AXIS_FONT;
  return (text) => ctx.measureText(text).width;
}

function options(props: ChartProps, width: number, css: (name: string) => string): uPlot.Options {
  const drawn = props.kind === "stacked" ? stack(props.series) : props.series;
  const axisStyle = { stroke: css("axis"), font: AXIS_FONT, grid: { stroke: css("grid"), width: 1 }, ticks: { stroke: css("grid"), width: 1 } };
  const bars = uPlot.paths.bars!({ size: [0.7, 48] });
  const right = props.rightValue;
  const measure = measurer();
  const ySize = (format: (v: number) => string) => (_u: uPlot, values: string[] | null) => axisSize(values ?? [format(0)], measure);
  const xLabel = Math.max(...props.x.map((v) => measure(props.xValue(v))), 0);
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    ...(props.timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), props.timeZone!) } : {}),
    scales: props.kind === "stacked" ? { x: { time: false, range: [-0.5, props.x.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } } : { y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.15)] }, pct: { range: (_u, _min, max) => [0, Math.max(0.05, max * 1.15)] } },
    axes: [
      {
        ...axisStyle,
        values: (_u, splits) => splits.map((v) => props.xValue(v)),
        ...(props.kind === "stacked" ? { splits: (u: uPlot) => daySplits(props.x, u.bbox.width / uPlot.pxRatio, xLabel) } : { space: timeSpace(xLabel) }),
      },
      { ...axisStyle, size: ySize(props.leftValue), values: (_u, splits) => splits.map(props.leftValue) },
      ...(right ? [{ ...axisStyle, scale: "pct", side: 1, size: ySize(right), grid: { show: false }, values: (_u: uPlot, splits: number[]) => splits.map(right) }] : []),
    ],
    series: [
      {},
      ...drawn.map((s) => ({
        label: s.label,
        stroke: css(s.color),
        width: props.kind === "stacked" ? 0 : 2,
        ...(props.kind === "stacked" ? { fill: css(s.color), paths: bars, points: { show: false } } : { spanGaps: false, points: { show: true, size: 5, fill: css(s.color) } }),
        ...(s.axis === "right" ? { scale: "pct", dash: [4, 4] } : {}),
      })),
    ],
  };
}

/** The theme's class on <html>: next-themes sets it in its own effect, after this chart's would have read the colours. */
function useHtmlTheme(): "dark" | "light" {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains("dark"));
  useEffect(() => {
    const html = document.documentElement;
    const watch = new MutationObserver(() => setDark(html.classList.contains("dark")));
    watch.observe(html, { attributes: true, attributeFilter: ["class"] });
    return () => watch.disconnect();
  }, []);
  return dark ? "dark" : "light";
}

// The chart library stays out of the page's first load: this module is imported with next/dynamic after the numbers show.
export default function UplotChart(props: ChartProps) {
  const { label, x, series, kind, timeZone, xValue, leftValue, rightValue } = props;
  const box = useRef<HTMLDivElement>(null);
  const theme = useHtmlTheme();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const css = (name: string) => style.getPropertyValue(`--chart-${name}`).trim() || "currentColor";
    const chart = { label, x, series, kind, timeZone, xValue, leftValue, rightValue, testId: "" };
    const drawn = kind === "stacked" ? stack(series) : series;
    const plot = new uPlot(options(chart, el.clientWidth, css), [x, ...drawn.map((s) => s.values)] as uPlot.AlignedData, el);
    const canvas = plot.root.querySelector("canvas");
    canvas?.setAttribute("role", "img");
    canvas?.setAttribute("aria-label", label);
    el.dataset.axisColour = css("axis");
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [label, x, series, kind, timeZone, xValue, leftValue, rightValue, theme]);

  // Contained inline size: the drawn canvas must not hold its tile wide, or a narrower screen would never resize it.
  return <div ref={box} data-testid={props.testId} className="w-full [contain:inline-size]" style={{ minHeight: HEIGHT }} />;
}
