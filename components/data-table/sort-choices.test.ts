import { constructTable, createColumnHelper, tableFeatures } from "@tanstack/table-core";
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";
import { describe, expect, it } from "vitest";
import { dataTableFeatures, type DataTableFeatures } from "@/components/data-table/features";
import { reverseSort, sortByColumn, sortChoices } from "@/components/data-table/sort-choices";

interface Row {
  id: number;
  name: string;
  code: string;
}

const helper = createColumnHelper<DataTableFeatures, Row>();

function table(sorting: { id: string; desc: boolean }[] = []) {
  return constructTable({
    features: tableFeatures({ ...dataTableFeatures, coreReactivityFeature: storeReactivityBindings() }),
    data: [{ id: 1, name: "Ankara", code: "ANK" }],
    columns: helper.columns([
      helper.display({ id: "select", enableSorting: false, meta: { label: "Select" } }),
      helper.accessor("name", { meta: { label: "Name" } }),
      helper.accessor("code", { meta: { label: "Code" }, enableSorting: false }),
      helper.accessor("id", {}),
      helper.display({ id: "actions", meta: { label: "Actions" } }),
    ]),
    manualSorting: true,
    state: { sorting },
    onSortingChange: () => {},
  });
}

describe("the phone's Sort by choices", () => {
  it("offers every column the headers sort by, by its label, in column order", () => {
    expect(sortChoices(table().getAllLeafColumns())).toEqual([
      { id: "name", label: "Name" },
      { id: "id", label: "id" },
    ]);
  });

  it("keeps the direction when another column is picked, and reverses it in place", () => {
    expect(sortByColumn([{ id: "name", desc: true }], "id")).toEqual([{ id: "id", desc: true }]);
    expect(sortByColumn([], "name")).toEqual([{ id: "name", desc: false }]);
    expect(reverseSort([{ id: "id", desc: false }], "name")).toEqual([{ id: "id", desc: true }]);
    expect(reverseSort([{ id: "id", desc: true }], "name")).toEqual([{ id: "id", desc: false }]);
    expect(reverseSort([], "name")).toEqual([{ id: "name", desc: true }]);
  });
});
