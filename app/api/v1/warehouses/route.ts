import { createWarehouseEndpoint, listWarehousesEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const GET = serveApi(listWarehousesEndpoint);
export const POST = serveApi(createWarehouseEndpoint);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
