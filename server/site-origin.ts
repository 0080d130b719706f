/**
 * A store's own origin for one of its host names: what canonical links are built from and the only
 * origin a payment provider may send the shopper back to. Local hosts (`*.localhost`, IPv4
 * addresses) are served over http on this server's PORT; every other host over https on the
 * default port. PUBLIC_URL_SCHEME overrides the scheme (e.g. behind a plain-http proxy).
 */
const LOCAL_HOST = /(^|\.)localhost$|^\d+\.\d+\.\d+\.\d+$/;

export type OriginEnv = { PUBLIC_URL_SCHEME?: "http" | "https"; PORT: number };

export const isLocalHost = (host: string) => LOCAL_HOST.test(host);

export function siteOriginOf(host: string, e: OriginEnv): string {
  const local = isLocalHost(host);
  const scheme = e.PUBLIC_URL_SCHEME ?? (local ? "http" : "https");
  const port = local ? e.PORT : null;
  const defaultPort = (scheme === "http" && port === 80) || (scheme === "https" && port === 443);
  return `${scheme}://${host}${port && !defaultPort ? `:${port}` : ""}`;
}
