import { deleteWarehouseEndpoint, getWarehouseEndpoint, updateWarehouseEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveApi } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const GET = serveApi(getWarehouseEndpoint);
export const PATCH = serveApi(updateWarehouseEndpoint);
export const DELETE = serveApi(deleteWarehouseEndpoint);
export const { POST, PUT, OPTIONS } = otherMethods({ GET, PATCH, DELETE });
