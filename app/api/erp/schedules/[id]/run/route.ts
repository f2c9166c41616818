import { route } from "@/lib/api/route";
import * as schedules from "@/lib/api/schedules";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: schedules.runSchedule });
