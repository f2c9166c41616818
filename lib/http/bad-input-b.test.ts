import { badInputSuite } from "@/test/bad-input-suite";

badInputSuite(1, 2);
