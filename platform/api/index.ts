// The platform API's entry points for its hosts: the HTTP route (app/api/app) and the embedded storefront (in-process).
export { dispatch, handlePlatformRequest, registeredRoutes } from "./router";
