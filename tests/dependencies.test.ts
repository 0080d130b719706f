import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root, SOURCES } from "../scripts/build-stamp.mjs";

/**
 * A runtime dependency is installed on every clone, image and deployment: one that nothing imports
 * is weight and a supply-chain risk for nothing. Each must be named as a module by the code the
 * server and the build run (a CSS `@import` and the scripts' spawns count).
 */

/** The text of what the build is made from, and of the scripts that start and build it. */
function sources(): string[] {
  const files = [...SOURCES, "scripts"].flatMap((entry) =>
    statSync(path.join(root, entry)).isDirectory()
      ? readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" }).map((file) => path.join(entry, file))
      : [entry],
  );
  return files
    .filter((file) => /\.(ts|tsx|mjs|css)$/.test(file))
    .map((file) => readFileSync(path.join(root, file), "utf8"));
}

it("every runtime dependency is imported by the code", () => {
  const { dependencies } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const code = sources().join("\n");
  const unused = Object.keys(dependencies).filter(
    (name) => !new RegExp(`["'\`]${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["'\`/]`).test(code),
  );
  expect(unused).toEqual([]);
});
