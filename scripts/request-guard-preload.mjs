// `--import`ed into the storefront server's process (scripts/server-env.mjs): see request-guard.mjs.
import { installRequestGuard } from "./request-guard.mjs";

installRequestGuard();
