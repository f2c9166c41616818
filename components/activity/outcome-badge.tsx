const STYLES: Record<string, string> = {
  success: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700",
  failure: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-700",
  denied: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700",
};
const FALLBACK = "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600";

/** An outcome as a coloured label; the text carries the meaning, the colour only repeats it. */
export function OutcomeBadge({ outcome, label }: { outcome: string; label: string }) {
  return (
    <span
      data-outcome={outcome}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[outcome] ?? FALLBACK}`}
    >
      {label}
    </span>
  );
}
