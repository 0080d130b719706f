import { describe, expect, it } from "vitest";
import { keyedSingleFlight } from "./intent";

describe("keyedSingleFlight", () => {
  it("joins a second tap on the same choices while the first is on its way, even from another instance of the widget; a later tap is a new intent", async () => {
    const run = keyedSingleFlight<string>();
    const keys: string[] = [];
    let release: (v: string) => void = () => {};
    const work = (key: string) => {
      keys.push(key);
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = run("salts×1", work);
    const second = run("salts×1", work);
    expect(second).toBe(first);
    expect(keys).toHaveLength(1);
    // Other choices are another intent, at once.
    void run("salts×2", (key) => (keys.push(key), Promise.resolve("other")));
    expect(keys).toHaveLength(2);
    release("added");
    await expect(first).resolves.toBe("added");
    await run("salts×1", (key) => (keys.push(key), Promise.resolve("again")));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });
});
