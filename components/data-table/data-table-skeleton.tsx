/** Placeholder rows while the first page loads (later pages keep the previous rows instead). */
export function DataTableSkeleton({ rows, columns = 5, label, testId }: { rows: number; columns?: number; label: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex gap-4 px-3 py-3">
            {Array.from({ length: columns }, (_, j) => (
              <span key={j} className={`h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700 ${j === 1 ? "flex-1" : "w-24"}`} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
