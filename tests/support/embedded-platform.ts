// Every suite's storefront code calls the platform in-process, as the server does once
// instrumentation.ts has installed it.
import { installEmbedded } from "@/platform/embed";

installEmbedded();
