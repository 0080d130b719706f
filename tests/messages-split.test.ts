import { describe, expect, it } from "vitest";
import { clientMessages, DEFERRED_NAMESPACES, NAMESPACES, SERVER_ONLY_NAMESPACES } from "@/i18n/namespaces";
import { loadMessages } from "@/i18n/request";

describe("which texts reach the browser", () => {
  it("a page hands its client code every namespace but the server's and the deferred ones; pages that show them get those too", async () => {
    const all = await loadMessages("en");
    expect(Object.keys(clientMessages(all, { deferred: false })).sort()).toEqual(NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns) && !(DEFERRED_NAMESPACES as readonly string[]).includes(ns)).sort());
    expect(Object.keys(clientMessages(all, { deferred: true })).sort()).toEqual(NAMESPACES.filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)).sort());
    // The deferred namespaces are most of what the flight data carried.
    const size = (m: object) => JSON.stringify(m).length;
    expect(size(clientMessages(all, { deferred: false }))).toBeLessThan(size(clientMessages(all, { deferred: true })) * 0.65);
  });
});
