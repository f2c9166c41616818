import { deleteWarehouseEndpoint, getWarehouseEndpoint, updateWarehouseEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveApi } from "@/lib/http/route";

export const GET = serveApi(getWarehouseEndpoint);
export const PATCH = serveApi(updateWarehouseEndpoint);
export const DELETE = serveApi(deleteWarehouseEndpoint);
