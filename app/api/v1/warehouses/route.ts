import { apiRoute } from "@/lib/api/route";
import * as warehouses from "@/lib/api/warehouses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({ GET: warehouses.listWarehouses, POST: warehouses.createWarehouse });
