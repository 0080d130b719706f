import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments say why, not when: an issue number in the code is history, which git keeps. Every
 * tracked source file is read (Markdown and the messages aside).
 */
const root = path.resolve(import.meta.dirname, "..");

describe("source comments", () => {
  it("name no issue numbers", () => {
    const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs", "*.js", "*.css"], { cwd: root })
      .toString()
      .split("\n")
      .filter(Boolean);
    const found = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .map((line, i) => ({ file, line: i + 1, text: line }))
        .filter(({ text }) => /(\/\/|\/\*|^\s*\*).*\bissues? #?\d+/i.test(text)),
    );
    expect(found.map(({ file, line }) => `${file}:${line}`)).toEqual([]);
  });
});
