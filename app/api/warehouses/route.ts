import { route } from "@/lib/api/route";
import * as warehouses from "@/lib/api/warehouses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: warehouses.listWarehouses, POST: warehouses.createWarehouse });
