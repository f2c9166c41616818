"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, type FieldError } from "react-hook-form";
import { toast } from "sonner";
import { buttonClass, fieldErrorClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { ROLES } from "@/lib/db/schema";
import { ProblemError } from "@/lib/swr/fetcher";
import { createMemberRequest } from "@/lib/team/api-client";
import {
  createMemberBodySchema,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type CreateMemberBody,
  type CreateMemberInput,
} from "@/lib/team/schemas";
import type { TeamMember } from "@/lib/team/schemas";
import { useTeamProblemText } from "./use-problem-text";

const FIELDS = ["email", "name", "role", "password"] as const;
type Field = (typeof FIELDS)[number];

const DEFAULTS: CreateMemberInput = { email: "", name: "", role: "viewer", password: undefined };

export function AddMemberForm({
  disabled,
  disabledReasonId,
  onAdded,
}: {
  disabled: boolean;
  disabledReasonId?: string;
  onAdded: (member: TeamMember) => Promise<unknown>;
}) {
  const t = useTranslations("team");
  const tRoles = useTranslations("roles");
  const problemText = useTeamProblemText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateMemberInput, unknown, CreateMemberBody>({
    resolver: zodResolver(createMemberBodySchema),
    defaultValues: DEFAULTS,
  });

  const onSubmit = async (values: CreateMemberBody) => {
    try {
      const member = await createMemberRequest(values);
      reset(DEFAULTS);
      toast.success(t("toast.added", { name: member.name }));
      await onAdded(member);
    } catch (error) {
      // Typed values stay in the form; server field errors land on their fields.
      const fieldErrors = error instanceof ProblemError ? (error.problem.errors ?? {}) : {};
      const withErrors = FIELDS.filter((f) => fieldErrors[f]?.length);
      if (withErrors.length) {
        withErrors.forEach((field, i) => {
          const message =
            field === "email" && error instanceof ProblemError && error.problem.reason === "email_taken"
              ? t("validation.emailTaken")
              : (fieldErrors[field]?.[0] ?? "");
          setError(field, { type: "server", message }, { shouldFocus: i === 0 });
        });
      } else {
        toast.error(t("toast.failed", { reason: problemText(error) }));
      }
    }
  };

  const messageFor = (field: Field, error: FieldError | undefined): string | null => {
    if (!error) return null;
    if (error.type === "server" && error.message) return error.message;
    return t(`validation.${field}`, {
      min: PASSWORD_MIN_LENGTH,
      max: field === "email" ? EMAIL_MAX_LENGTH : field === "name" ? NAME_MAX_LENGTH : PASSWORD_MAX_LENGTH,
    });
  };

  const describe = (field: Field, extra?: string) =>
    [extra, errors[field] ? `add-member-${field}-error` : undefined, disabled ? disabledReasonId : undefined].filter(Boolean).join(" ") ||
    undefined;

  const fieldError = (field: Field) => {
    const text = messageFor(field, errors[field]);
    return text ? (
      <p id={`add-member-${field}-error`} className={fieldErrorClass}>
        {text}
      </p>
    ) : null;
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="add-member-heading" data-testid="add-member-form">
      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="add-member-email" className="block text-sm font-medium">
            {t("form.email")}
          </label>
          <input
            id="add-member-email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} mt-1`}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describe("email")}
            {...register("email")}
          />
          {fieldError("email")}
        </div>
        <div>
          <label htmlFor="add-member-name" className="block text-sm font-medium">
            {t("form.name")}
          </label>
          <input
            id="add-member-name"
            type="text"
            autoComplete="off"
            className={`${inputClass} mt-1`}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describe("name")}
            {...register("name")}
          />
          {fieldError("name")}
        </div>
        <div>
          <label htmlFor="add-member-role" className="block text-sm font-medium">
            {t("form.role")}
          </label>
          <select
            id="add-member-role"
            className={`${inputClass} mt-1`}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={describe("role")}
            {...register("role")}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {tRoles(r)}
              </option>
            ))}
          </select>
          {fieldError("role")}
        </div>
        <div>
          <label htmlFor="add-member-password" className="block text-sm font-medium">
            {t("form.password")}
          </label>
          <input
            id="add-member-password"
            type="password"
            autoComplete="new-password"
            className={`${inputClass} mt-1`}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describe("password", "add-member-password-help")}
            {...register("password", { setValueAs: (v: unknown) => (v === "" || v === null ? undefined : v) })}
          />
          <p id="add-member-password-help" className={helpTextClass}>
            {t("form.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
          </p>
          {fieldError("password")}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={disabled || isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t("form.submitting") : t("form.submit")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
