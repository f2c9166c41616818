import { route } from "@/lib/api/route";
import * as handovers from "@/lib/api/handovers";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: handovers.markHandoverRead });
