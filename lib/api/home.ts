import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { getConfig } from "@/lib/config";
import { homeTileParamSchema } from "@/lib/home/schemas";
import { loadTile } from "@/lib/home/service";

export const homeTile = endpoint({ permission: "read", params: homeTileParamSchema }, async ({ params }) => json(await loadTile(params.tile, { timeZone: getConfig().accountTimeZone })));
