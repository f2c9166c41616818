import { createWarehouseEndpoint, listWarehousesEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveApi } from "@/lib/http/route";

export const GET = serveApi(listWarehousesEndpoint);
export const POST = serveApi(createWarehouseEndpoint);
