import { deleteWarehouseEndpoint, getWarehouseEndpoint, updateWarehouseEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveBrowser } from "@/lib/http/route";
import { otherMethods } from "@/lib/http/not-allowed";

export const GET = serveBrowser(getWarehouseEndpoint);
export const PUT = serveBrowser(updateWarehouseEndpoint);
export const DELETE = serveBrowser(deleteWarehouseEndpoint);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
