import { json, parseQuery, withRoute } from "@/lib/http/route";
import { codeCheckQuerySchema } from "@/lib/warehouses/schemas";
import { checkCode } from "@/lib/warehouses/service";

// GET /api/warehouses/code-check?code=&excludeId=: is the code free (against the index)?
export const GET = withRoute("read", async ({ req }) => {
  const { code, excludeId } = parseQuery(req, codeCheckQuerySchema);
  return json(await checkCode(code, excludeId));
});
