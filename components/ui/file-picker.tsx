"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { buttonClass } from "@/components/ui/styles";

/** A styled file chooser and drop zone; the native input stays (visually hidden) so its label, focus and keyboard work. */
export function FilePicker({
  id,
  accept,
  fileName,
  onFile,
  ...aria
}: {
  id: string;
  accept: string;
  fileName: string | null;
  onFile: (file: File | undefined) => void;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
}) {
  const t = useTranslations("filePicker");
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      data-testid="file-picker"
      className={`mt-1 flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed p-3 text-sm focus-within:ring-2 focus-within:ring-brand-600 ${over ? "border-brand-600 bg-brand-50 dark:bg-slate-800" : "border-slate-400 dark:border-slate-600"}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFile(e.dataTransfer.files[0]);
      }}
    >
      <input ref={input} id={id} type="file" accept={accept} className="sr-only" {...aria} onChange={(e) => {
        onFile(e.target.files?.[0]);
        e.target.value = "";
      }} />
      <span aria-hidden="true" className={`${buttonClass.secondary} cursor-pointer`} onClick={() => input.current?.click()}>
        <Upload className="h-4 w-4" />
        {t("choose")}
      </span>
      <span className="text-slate-700 dark:text-slate-200" data-testid="file-picker-name">
        {fileName ?? t("none")}
      </span>
      <span className="text-slate-600 dark:text-slate-300">{t("drop")}</span>
    </div>
  );
}
