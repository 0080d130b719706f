// `npm run contract:list`: every platform endpoint, one line each — METHOD path auth-level — as the
// contract declares it (contract/api.ts). `--codes` adds the SP: codes each endpoint may answer.
import { platformApi } from "@/contract/api";
import { listEndpoints } from "@/contract/endpoint";

const withCodes = process.argv.includes("--codes");
const rows = listEndpoints(platformApi).map(
  ({ spec }) => [spec.method, `/api/app/${spec.path}`, spec.auth, withCodes ? spec.codes.join(" ") : ""] as const,
);
const width = Math.max(...rows.map(([m]) => m.length));
const pathWidth = Math.max(...rows.map(([, p]) => p.length));
for (const [method, path, auth, codes] of rows)
  console.log(`${method.padEnd(width)} ${path.padEnd(pathWidth)} ${auth}${codes ? `  ${codes}` : ""}`.trimEnd());
