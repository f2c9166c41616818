// Class lists only the ERP UI uses; the generic ones are in components/ui/styles.ts.
export const selectClass =
  "block w-full rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

export const linkClass = "font-medium text-brand-700 underline hover:text-brand-600 dark:text-brand-100 dark:hover:text-white";

export const reasonTextClass = "mt-1 text-sm text-amber-900 dark:text-amber-200";
export const errorBoxClass =
  "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100";
export const warningBoxClass =
  "rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";
