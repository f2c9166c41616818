"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/styles";
import { openPalette } from "@/lib/palette/items";

/** The palette for pointers and touch, where there is no Ctrl-K: for the header. */
export function PaletteButton() {
  const t = useTranslations("palette");
  return (
    <button type="button" className={`${buttonClass.ghost} max-sm:h-11 max-sm:w-11`} onClick={openPalette} data-testid="palette-button" aria-keyshortcuts="Control+K Meta+K">
      <Search aria-hidden="true" className="h-4 w-4" />
      <span className="max-sm:sr-only md:max-2xl:sr-only">{t("open")}</span>
    </button>
  );
}
