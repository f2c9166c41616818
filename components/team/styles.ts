// Shared class lists for the team UI (light and dark). Disabled controls are exempt from the
// contrast rule, so they only dim.
const controlClass =
  "rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400";

export const inputClass = `block w-full ${controlClass}`;
/** A select that sits inline in a table row. */
export const inlineSelectClass = `min-w-32 ${controlClass}`;

export const primaryButtonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-500 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

export const dangerButtonClass =
  "inline-flex items-center justify-center rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-400 dark:bg-slate-900 dark:text-red-200 dark:hover:bg-red-950";

export const dangerSolidButtonClass =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

export const fieldErrorClass = "mt-1 text-sm text-red-700 dark:text-red-300";
export const helpTextClass = "mt-1 text-sm text-slate-600 dark:text-slate-300";
export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
