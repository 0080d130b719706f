// The platform API: importing this module registers every route (one file per domain).
import "./routes/website";
import "./routes/catalog";
import "./routes/cart";
import "./routes/auth";
import "./routes/customers";
import "./routes/presets";
import "./routes/locations";
import "./routes/account";
import "./routes/checkout";
import "./routes/payments";

export { handlePlatformRequest, errorResponse } from "./router";
