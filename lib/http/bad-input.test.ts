import { badInputSuite } from "@/test/bad-input-suite";

badInputSuite(0, 2);
