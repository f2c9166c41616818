import { getConfig } from "@/lib/config";
import { homeTileParamSchema } from "@/lib/home/schemas";
import { loadTile } from "@/lib/home/service";
import { json, parseParams, withRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withRoute<{ tile: string }>("read", async ({ params }) => {
  const { tile } = parseParams(params, homeTileParamSchema);
  return json(await loadTile(tile, { timeZone: getConfig().accountTimeZone }));
});
