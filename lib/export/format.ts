import { field, oneOf } from "@/lib/list/base";

// Kept apart from the writers: list schemas that the browser loads import it.
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` query of an export route: absent means CSV. */
export const exportFormatField = field({ fallback: "csv" as ExportFormat, message: "validation.exportFormat" }, oneOf(EXPORT_FORMATS));

/** An export link with its format; CSV stays the plain link. */
export function withFormat(href: string, format: ExportFormat): string {
  return format === "csv" ? href : `${href}${href.includes("?") ? "&" : "?"}format=${format}`;
}
