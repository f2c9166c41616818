"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm, type FieldError } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { FormField, SelectField, setFieldErrors } from "@/components/ui/form-field";
import { buttonClass, inputClass } from "@/components/ui/styles";
import { ROLES } from "@/lib/auth/roles";
import { ProblemError } from "@/lib/swr/fetcher";
import { createMemberRequest } from "@/lib/team/client";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/team/lists";
import type { CreateMemberBody, CreateMemberInput, TeamMember } from "@/lib/team/schemas";
import { useTeamProblemText } from "@/components/team/use-problem-text";
import { useFieldErrors } from "@/components/ui/use-code-text";

const FIELDS = ["email", "name", "role", "password"] as const;
type Field = (typeof FIELDS)[number];

const DEFAULTS: CreateMemberInput = { email: "", name: "", role: "viewer", password: undefined };

// The handler's schema checks the form; it loads once the form is on screen, not with the page.
const memberResolver = lazyZodResolver<CreateMemberInput, CreateMemberBody>(() => import("@/lib/team/schemas").then((m) => m.createMemberBodySchema));

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
  const fieldTexts = useFieldErrors();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateMemberInput, unknown, CreateMemberBody>({
    resolver: memberResolver.resolver,
    defaultValues: DEFAULTS,
  });
  useEffect(() => memberResolver.preload(), []);

  const onSubmit = async (values: CreateMemberBody) => {
    try {
      const member = await createMemberRequest(values);
      reset(DEFAULTS);
      toast.success(t("toast.added", { name: member.name }));
      await onAdded(member);
    } catch (error) {
      // Typed values stay in the form; server field errors land on their fields.
      const texts = fieldTexts(error);
      if (texts.email && error instanceof ProblemError && error.problem.reason === "email_taken") texts.email = t("validation.emailTaken");
      if (!setFieldErrors(texts, FIELDS, setError)) toast.error(t("toast.failed", { reason: problemText(error) }));
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

  const field = (name: Field) => ({
    id: `add-member-${name}`,
    label: t(`form.${name}`),
    error: messageFor(name, errors[name]),
    describedBy: disabled ? disabledReasonId : undefined,
  });
  const controlClass = `${inputClass} mt-1`;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="add-member-heading" data-testid="add-member-form">
      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
        <FormField {...field("email")}>
          {(aria) => <input {...aria} type="email" autoComplete="off" spellCheck={false} className={controlClass} {...register("email")} />}
        </FormField>
        <FormField {...field("name")}>{(aria) => <input {...aria} type="text" autoComplete="off" className={controlClass} {...register("name")} />}</FormField>
        <SelectField {...field("role")} options={ROLES} optionLabel={(r) => tRoles(r)} className={controlClass} control={control} name="role" />
        <FormField {...field("password")} help={t("form.passwordHelp", { min: PASSWORD_MIN_LENGTH })}>
          {(aria) => (
            <input
              {...aria}
              type="password"
              autoComplete="new-password"
              className={controlClass}
              {...register("password", { setValueAs: (v: unknown) => (v === "" || v === null ? undefined : v) })}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={disabled || isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? t("form.submitting") : t("form.submit")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
