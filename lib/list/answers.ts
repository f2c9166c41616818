import { z } from "zod";

export const datetime = z.string().describe("ISO 8601 date and time");
export const person = z.object({ id: z.number().int().nullable(), email: z.string(), name: z.string() });
export const paging = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };
export const messageAnswer = z.object({ message: z.string() });
export const deletedAnswer = z.object({ deleted: z.uuid() });
