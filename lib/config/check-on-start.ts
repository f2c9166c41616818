import { ConfigError, parseServerEnv } from "@/lib/config/env";

// A bad value stops the server naming the variable, instead of failing on the first request.
try {
  parseServerEnv(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Labs console cannot start. ${error.message}`);
    process.exit(1);
  }
  throw error;
}
