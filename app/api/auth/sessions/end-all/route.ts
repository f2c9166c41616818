import { route } from "@/lib/api/route";
import * as team from "@/lib/api/team";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ POST: team.endAllSessions });
