// What the phone's "Sort by" control offers, read from the same columns the headers sort by.

export interface SortChoice {
  id: string;
  label: string;
}

export interface SortState {
  id: string;
  desc: boolean;
}

export interface SortableColumn {
  id: string;
  getCanSort: () => boolean;
  columnDef: { meta?: { label: string } };
}

export function sortChoices(columns: readonly SortableColumn[]): SortChoice[] {
  return columns.filter((column) => column.getCanSort()).map((column) => ({ id: column.id, label: column.columnDef.meta?.label ?? column.id }));
}

/** Picking a column keeps the chosen direction: the two controls are independent. */
export function sortByColumn(current: readonly SortState[], id: string): SortState[] {
  return [{ id, desc: current[0]?.desc ?? false }];
}

export function reverseSort(current: readonly SortState[], fallbackId: string): SortState[] {
  const first = current[0];
  return [{ id: first?.id ?? fallbackId, desc: !(first?.desc ?? false) }];
}
