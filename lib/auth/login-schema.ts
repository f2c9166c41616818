import { z } from "zod";

export const loginFormSchema = z.object({
  email: z.string().trim().toLowerCase().email({ message: "validation.auth.emailInvalid" }).max(254, { message: "validation.auth.emailInvalid" }),
  password: z.string().min(1, { message: "validation.auth.passwordRequired" }).max(1024, { message: "validation.auth.passwordRequired" }),
});

export type LoginForm = z.input<typeof loginFormSchema>;
