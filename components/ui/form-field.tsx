import type { ReactNode } from "react";
import { fieldErrorClass, helpTextClass } from "@/components/ui/styles";

export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A labelled control with its help and error texts (`<id>-help`, `<id>-error`) tied to it for screen readers. */
export function FormField({
  id,
  label,
  error,
  help,
  describedBy,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  help?: ReactNode;
  describedBy?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": [helpId, errorId, describedBy].filter(Boolean).join(" ") || undefined })}
      {help ? (
        <p id={helpId} className={helpTextClass}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
