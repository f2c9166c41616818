import { json, parseQuery, withRoute } from "@/lib/http/route";
import { codeCheckQuerySchema } from "@/lib/warehouses/schemas";
import { checkCode } from "@/lib/warehouses/service";

export const GET = withRoute("read", async ({ req }) => {
  const { code, excludeId } = parseQuery(req, codeCheckQuerySchema);
  return json(await checkCode(code, excludeId));
});
