import { z } from "zod";

export const loginFormSchema = z.object({
  email: z.string().trim().toLowerCase().email({ message: "emailInvalid" }).max(254, { message: "emailInvalid" }),
  password: z.string().min(1, { message: "passwordRequired" }).max(1024, { message: "passwordRequired" }),
});

export type LoginForm = z.input<typeof loginFormSchema>;
