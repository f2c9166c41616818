import { Fragment, type ReactNode } from "react";
import { tableWrapClass, thClass, theadClass } from "@/components/ui/styles";

// Shared by DataTable and ListTable; the previous rows stay (dimmed) while the next page loads.

export interface ViewHeader {
  id: string;
  content: ReactNode;
  className?: string;
  /** A header that holds a control (sorting, select all) stays visible on a phone. */
  control?: boolean;
  sort?: { direction: false | "asc" | "desc"; onToggle: (event: unknown) => void };
}

export interface ViewCell {
  id: string;
  label: string;
  content: ReactNode;
  className?: string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
}

/** A full-width line under a row (its details or history), shown while the row has one. */
export interface RowDetail {
  id: string;
  testId?: string;
  content: ReactNode;
}

export interface ViewRow {
  id: string;
  props?: Record<`data-${string}`, string | undefined>;
  selected?: boolean;
  className?: string;
  cells: ViewCell[];
  detail?: RowDetail | null;
}

export function TableView({ caption, busy = false, testId, headers, rows }: { caption: string; busy?: boolean; testId?: string; headers: ViewHeader[]; rows: ViewRow[] }) {
  // Below `sm` each row is a card of label/value lines, so nothing is cut off or scrolls sideways on a phone.
  const headerControls = headers.some((h) => h.control);
  return (
    <div className={`relative ${tableWrapClass}`}>
      <table className={`w-full border-collapse text-sm transition-opacity max-sm:block ${busy ? "opacity-60" : ""}`} aria-busy={busy} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${theadClass} ${headerControls ? "max-sm:block" : "max-sm:sr-only"}`}>
          <tr className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-2 max-sm:py-1">
            {headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                aria-sort={header.sort ? (header.sort.direction === "asc" ? "ascending" : header.sort.direction === "desc" ? "descending" : "none") : undefined}
                className={`${thClass} ${header.className ?? ""} max-sm:w-auto max-sm:p-0 max-sm:text-left ${header.control ? "max-sm:block" : "max-sm:sr-only"}`}
              >
                {header.sort ? (
                  <button
                    type="button"
                    onClick={header.sort.onToggle}
                    className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-slate-200 max-sm:mx-0 max-sm:min-h-11 max-sm:px-2 dark:hover:bg-slate-700"
                  >
                    {header.content}
                    <SortIcon direction={header.sort.direction} />
                  </button>
                ) : (
                  header.content
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr
                {...row.props}
                data-selected={row.selected || undefined}
                className={`border-b border-slate-100 last:border-b-0 hover:bg-slate-50 data-[selected=true]:bg-brand-50 max-sm:block max-sm:px-3 max-sm:py-2 dark:border-slate-800 dark:hover:bg-slate-800/60 dark:data-[selected=true]:bg-slate-800 ${row.className ?? ""}`}
              >
                {row.cells.map((cell) => {
                  const Cell = cell.rowHeader ? "th" : "td";
                  return (
                    <Cell
                      key={cell.id}
                      scope={cell.rowHeader ? "row" : undefined}
                      className={`px-3 py-2 text-left align-middle ${cell.rowHeader ? "font-medium" : ""} ${cell.className ?? ""} max-sm:grid max-sm:w-auto max-sm:max-w-none max-sm:grid-cols-[minmax(6rem,38%)_minmax(0,1fr)] max-sm:items-center max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:break-words max-sm:[&:has(>div:empty)]:hidden max-sm:[&:has(>div>span:empty:only-child)]:hidden`}
                    >
                      <span aria-hidden="true" className="font-sans text-xs font-medium text-slate-600 sm:hidden dark:text-slate-300">
                        {cell.label}
                      </span>
                      <div className="contents max-sm:block max-sm:min-w-0">{cell.content}</div>
                    </Cell>
                  );
                })}
              </tr>
              {row.detail ? (
                <tr id={row.detail.id} data-testid={row.detail.testId} className="border-b border-slate-200 bg-slate-50 max-sm:block dark:border-slate-700 dark:bg-slate-950">
                  <td colSpan={row.cells.length} className="px-3 py-2 max-sm:block">
                    {row.detail.content}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className={`text-xs ${direction ? "text-slate-900 dark:text-slate-100" : "text-slate-500 dark:text-slate-400"}`}>
      {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
    </span>
  );
}
