import { deleteWarehouseEndpoint, getWarehouseEndpoint, updateWarehouseEndpoint } from "@/lib/http/endpoints/warehouses";
import { serveBrowser } from "@/lib/http/route";

export const GET = serveBrowser(getWarehouseEndpoint);
export const PUT = serveBrowser(updateWarehouseEndpoint);
export const DELETE = serveBrowser(deleteWarehouseEndpoint);
