// Imported first by the start scripts: on an older Node, stop before loading anything else.
import { exitOnOldNode } from "@/lib/runtime/node-version";

exitOnOldNode();
