import type { ReactNode } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Select } from "@/components/ui/select";
import { buttonClass, fieldErrorClass, helpTextClass } from "@/components/ui/styles";

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

/** A FormField whose control is a select of fixed options, bound to a react-hook-form field. */
export function SelectField<V extends FieldValues, X extends FieldValues, T extends string | number>({
  options,
  optionLabel,
  className,
  control,
  name,
  ...field
}: Omit<Parameters<typeof FormField>[0], "children"> & { options: readonly T[]; optionLabel: (option: T) => string; className: string; control: Control<V, unknown, X>; name: Path<V> }) {
  return (
    <FormField {...field}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field: f }) => (
            <Select {...aria} ref={f.ref} name={f.name} onBlur={f.onBlur} value={String(f.value ?? "")} onValueChange={f.onChange} className={className} options={options.map((o) => ({ value: String(o), label: optionLabel(o) }))} />
          )}
        />
      )}
    </FormField>
  );
}

/** Puts a failed call's field texts on the form's fields, focusing the first; false when none of them has one. */
export function setFieldErrors<F extends string>(
  texts: Record<string, string>,
  fields: readonly F[],
  setError: (field: F, error: { type: "server"; message: string }, options: { shouldFocus: boolean }) => void,
): boolean {
  const failed = fields.filter((f) => texts[f]);
  failed.forEach((f, i) => setError(f, { type: "server", message: texts[f]! }, { shouldFocus: i === 0 }));
  return failed.length > 0;
}

/** A form's submit and cancel buttons: the submit shows its busy label while the form is sent. */
export function FormActions({ submitting, label, busyLabel, cancelLabel, onCancel, testId }: { submitting: boolean; label: string; busyLabel: string; cancelLabel: string; onCancel: () => void; testId: string }) {
  return (
    <div className="flex gap-3">
      <button type="submit" className={buttonClass.primary} disabled={submitting} aria-busy={submitting || undefined} data-testid={testId}>
        {submitting ? busyLabel : label}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
