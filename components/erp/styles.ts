// Class lists of the ERP UI (light and dark). Disabled controls only dim: they are exempt from the
// contrast rule, and the reason they are disabled is always written next to them.
export const inputClass =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400";

export const selectClass =
  "block w-full rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-500 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

export const warningButtonClass =
  "inline-flex items-center justify-center rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:cursor-not-allowed disabled:opacity-60";

export const linkClass = "font-medium text-brand-700 underline hover:text-brand-600 dark:text-brand-100 dark:hover:text-white";

export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
export const helpTextClass = "mt-1 text-sm text-slate-600 dark:text-slate-300";
export const reasonTextClass = "mt-1 text-sm text-amber-900 dark:text-amber-200";
export const errorBoxClass =
  "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100";
export const warningBoxClass =
  "rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";

export const tableWrapClass = "overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900";
export const theadClass = "border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200";
export const thClass = "px-3 py-2 text-left font-medium";
export const tdClass = "px-3 py-2 align-top";
export const rowClass = "border-b border-slate-100 last:border-0 dark:border-slate-800";
