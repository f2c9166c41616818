import { json, parseQuery, withRoute } from "@/lib/http/route";
import { codeCheckQuerySchema } from "@/lib/warehouses/schemas";
import { checkCode } from "@/lib/warehouses/service";
import { otherMethods } from "@/lib/http/not-allowed";

export const GET = withRoute("read", async ({ req }) => {
  const { code, excludeId } = parseQuery(req, codeCheckQuerySchema);
  return json(await checkCode(code, excludeId));
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
