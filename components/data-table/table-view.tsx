import { Fragment, type ReactNode } from "react";
import { tableWrapClass, thClass, theadClass } from "@/components/ui/styles";

// Shared by DataTable and ListTable; the previous rows stay (dimmed) while the next page loads.

/** A column's class as its header wears it: a header is words, so the cells' code face and breaking stay in the cells. */
export function headerClassOf(className: string | undefined): string {
  return (className ?? "").split(/\s+/).filter((c) => c && !/^(font-mono|break-all)$/.test(c)).join(" ");
}

export interface ViewHeader {
  id: string;
  content: ReactNode;
  className?: string;
  /** A header that holds a control other than sorting (select all) stays visible on a phone; sorting moves to "Sort by". */
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
  /** Its place in the row's card on a phone (see `cardRole`). */
  card?: CardRole;
}

/**
 * On a phone a row is a compact card: the selection box, title cells and the actions on the first line, then badges
 * (no label) and details ("Label value") flowing on as few lines as fit.
 */
export type CardRole = "select" | "title" | "action" | "badge" | "detail";

export function cardRole(columnId: string, declared?: CardRole, rowHeader?: boolean): CardRole {
  if (declared) return declared;
  if (rowHeader) return "title";
  return columnId === "select" ? "select" : columnId === "actions" ? "action" : "detail";
}

const CARD_CELL: Record<CardRole, string> = {
  select: "max-sm:order-0 max-sm:block",
  title: "max-sm:order-1 max-sm:block max-sm:font-medium",
  action: "max-sm:order-2 max-sm:ml-auto max-sm:block",
  badge: "max-sm:order-4 max-sm:block",
  detail: "max-sm:order-5 max-sm:flex max-sm:items-baseline max-sm:gap-1.5",
};

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

export function TableView({
  caption,
  busy = false,
  testId,
  headers,
  rows,
  phoneBar,
}: {
  caption: string;
  busy?: boolean;
  testId?: string;
  headers: ViewHeader[];
  rows: ViewRow[];
  /** Controls shown above the cards on a phone only (the "Sort by" control). */
  phoneBar?: ReactNode;
}) {
  const headerControls = headers.some((h) => h.control);
  return (
    <div className={`relative ${tableWrapClass}`}>
      {phoneBar ? <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1 sm:hidden dark:border-slate-700">{phoneBar}</div> : null}
      <table className={`w-full border-collapse text-sm transition-opacity max-sm:block ${busy ? "opacity-60" : ""}`} aria-busy={busy} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${theadClass} ${headerControls ? "max-sm:block" : "max-sm:sr-only"}`}>
          <tr className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-2 max-sm:py-1">
            {headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                aria-sort={header.sort ? (header.sort.direction === "asc" ? "ascending" : header.sort.direction === "desc" ? "descending" : "none") : undefined}
                className={`${thClass} ${headerClassOf(header.className)} max-sm:w-auto max-sm:p-0 max-sm:text-left ${header.control ? "max-sm:block" : "max-sm:sr-only"}`}
              >
                {header.sort ? (
                  <>
                    <button
                      type="button"
                      onClick={header.sort.onToggle}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-slate-200 max-sm:hidden dark:hover:bg-slate-700"
                    >
                      {header.content}
                      <SortIcon direction={header.sort.direction} />
                    </button>
                    <span className="sm:hidden">{header.content}</span>
                  </>
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
                className={`border-b border-slate-100 last:border-b-0 hover:bg-slate-50 data-[selected=true]:bg-brand-50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2 max-sm:after:order-3 max-sm:after:basis-full max-sm:after:content-[''] dark:border-slate-800 dark:hover:bg-slate-800/60 dark:data-[selected=true]:bg-slate-800 ${row.className ?? ""}`}
              >
                {row.cells.map((cell) => {
                  const Cell = cell.rowHeader ? "th" : "td";
                  const role = cell.card ?? "detail";
                  return (
                    <Cell
                      key={cell.id}
                      scope={cell.rowHeader ? "row" : undefined}
                      className={`px-3 py-2 text-left align-middle ${cell.rowHeader ? "font-medium" : ""} ${cell.className ?? ""} ${CARD_CELL[role]} max-sm:w-auto max-sm:max-w-full max-sm:min-w-0 max-sm:p-0 max-sm:text-left max-sm:break-words max-sm:whitespace-normal max-sm:[&:has(>div:empty)]:hidden max-sm:[&:has(>div>span:empty:only-child)]:hidden max-sm:[&:has(>div>.sr-only:only-child)]:-ml-3`}
                    >
                      <span aria-hidden="true" className={`shrink-0 font-sans text-xs font-medium text-slate-600 dark:text-slate-300 ${role === "detail" ? "sm:hidden" : "hidden"}`}>
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
