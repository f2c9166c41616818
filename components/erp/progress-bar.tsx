import { useId } from "react";

// A drawn bar, not <progress>: some engines paint an empty <progress> full (issue 35).
export function ProgressBar({ label, value, max, testId }: { label: string; value: number; max: number; testId?: string }) {
  const id = useId();
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div>
      <p id={id} className="mb-1 text-sm">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, max)}
        aria-valuenow={Math.min(Math.max(0, value), Math.max(0, max))}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        data-testid={testId}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(ratio * 100).toFixed(2)}%` }} data-testid={testId ? `${testId}-fill` : undefined} />
      </div>
    </div>
  );
}
