// Room for a chart's axis labels, from their drawn widths: an axis as wide as its longest label, day labels never closer than one label apart.

export const AXIS_GAP = 8;
const TICK = 6;

/** The width a y axis needs for its labels beside the ticks. */
export function axisSize(labels: readonly string[], measure: (text: string) => number): number {
  const widest = labels.reduce((w, l) => Math.max(w, measure(l)), 0);
  return Math.ceil(widest + TICK + 2 * AXIS_GAP);
}

/** Which bars get a day label: as many as fit side by side with a gap, counted back from today, which always has one. */
export function daySplits(x: readonly number[], width: number, labelWidth: number): number[] {
  const step = Math.max(1, Math.ceil((labelWidth + AXIS_GAP) / (width / Math.max(1, x.length))));
  return x.filter((_, i) => (x.length - 1 - i) % step === 0);
}

/** Room between time ticks for the widest clock label. */
export const timeSpace = (labelWidth: number) => Math.ceil(labelWidth + 2 * AXIS_GAP);
