import coreWebVitals from "eslint-config-next/core-web-vitals";
import typescript from "eslint-config-next/typescript";

const config = [
  ...coreWebVitals,
  ...typescript,
  { ignores: [".next/**", "bench/floor/.next/**", "node_modules/**", ".data/**", "next-env.d.ts", "platform/db/migrations/**", "test-results/**", "playwright-report/**"] },
];

export default config;
