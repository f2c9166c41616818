// Shared class lists (WCAG AA contrast in light and dark); disabled controls are exempt from contrast, so they only dim.
const DIM = "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

export const buttonClass = {
  primary: `inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 aria-disabled:hover:bg-brand-600 ${DIM}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-md border border-slate-500 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${DIM}`,
  danger: `inline-flex items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 dark:border-red-400 dark:bg-slate-900 dark:text-red-200 dark:hover:bg-red-950 ${DIM}`,
  dangerSolid: `inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 ${DIM}`,
  warningSolid: `inline-flex items-center justify-center gap-2 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 ${DIM}`,
  ghost: `inline-flex items-center justify-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-800 ${DIM}`,
} as const;

const controlClass =
  "rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400";

export const inputClass = `block w-full ${controlClass}`;
export const selectClass = controlClass;
export const checkboxClass = "h-4 w-4 rounded border-slate-500 accent-brand-600 disabled:cursor-not-allowed";
export const labelClass = "mb-1 block text-sm font-medium";
export const fieldErrorClass = "mt-1 text-sm text-red-700 dark:text-red-300";
export const helpTextClass = "mt-1 text-sm text-slate-600 dark:text-slate-300";
export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
export const tableWrapClass = "overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900";
export const theadClass = "border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200";
export const thClass = "px-3 py-2 text-left font-medium";
export const tdClass = "px-3 py-2 align-top";
export const linkClass = "font-medium text-brand-700 underline hover:no-underline dark:text-brand-100";

export const alertClass = {
  error: "rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  warning: "rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  info: "rounded-lg border border-slate-300 bg-white p-4 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
  success: "rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
} as const;
export const floatingPanelClass =
  "rounded-md border border-slate-300 bg-white text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
