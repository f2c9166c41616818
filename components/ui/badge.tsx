const TONES = {
  neutral: "bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600",
  success: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700",
  warning: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700",
  info: "bg-brand-50 text-brand-700 ring-brand-500/40 dark:bg-brand-700/40 dark:text-brand-50 dark:ring-brand-500",
  danger: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-700",
} as const;

export type BadgeTone = keyof typeof TONES;

/** The text carries the meaning; the colour only repeats it. */
export function Badge({ tone = "neutral", children, testId }: { tone?: BadgeTone; children: React.ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
