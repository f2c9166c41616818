import { getConfig } from "@/lib/config";
import { homeTileParamSchema } from "@/lib/home/schemas";
import { loadTile } from "@/lib/home/service";
import { json, parseParams, withRoute } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = withRoute<{ tile: string }>("read", async ({ params }) => {
  const { tile } = parseParams(params, homeTileParamSchema);
  return json(await loadTile(tile, { timeZone: getConfig().accountTimeZone }));
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
