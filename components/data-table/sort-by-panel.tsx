"use client";

import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { SORT_TRIGGER_CLASS, SortByLabel, type SortByMenuProps } from "@/components/data-table/sort-by";

export function SortByPanel({ label, heading, choices, value, onPick }: SortByMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={SORT_TRIGGER_CLASS} data-testid="sort-by-trigger">
        <SortByLabel text={label} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>{heading}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={onPick}>
          {choices.map((choice) => (
            <DropdownMenuRadioItem key={choice.id} value={choice.id}>
              {choice.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
