import { route } from "@/lib/api/route";
import * as views from "@/lib/api/views";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ PATCH: views.updateView, DELETE: views.deleteView });
