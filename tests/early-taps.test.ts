import { describe, expect, it, vi } from "vitest";
import { EARLY_TAP_SCRIPT, replayEarlyTap } from "@/lib/early-taps";

type Listener = (e: { target: unknown }) => void;

/** Runs the inline script against a document that only keeps its listener, and a window. */
function runScript() {
  let listener: Listener | null = null;
  let capture = false;
  const doc = {
    addEventListener: (type: string, fn: Listener, useCapture: boolean) =>
      void (type === "click" && ((listener = fn), (capture = useCapture))),
  };
  const win: Partial<Window> = {};
  new Function("document", "window", EARLY_TAP_SCRIPT)(doc, win);
  return { tap: (target: unknown) => listener!({ target }), win, capture: () => capture };
}

/** An element whose nearest `[data-early-tap]` ancestor (or itself) is marked `name` (null: none). */
const inside = (name: string | null) => ({
  closest: (selector: string) =>
    selector === "[data-early-tap]" && name
      ? { getAttribute: (a: string) => (a === "data-early-tap" ? name : null) }
      : null,
});

describe("early taps", () => {
  it("the inline script notes the last marked button tapped before hydration, in the capture phase", () => {
    const { tap, win, capture } = runScript();
    expect(capture()).toBe(true);
    tap(inside(null));
    expect(win.__sfEarlyTap).toBeUndefined();
    tap(inside("locations"));
    tap(inside("cart"));
    expect(win.__sfEarlyTap).toBe("cart");
    // A text node or the window has no closest(): ignored.
    tap({});
    expect(win.__sfEarlyTap).toBe("cart");
  });

  it("after hydration it notes nothing more: React has the taps", () => {
    const { tap, win } = runScript();
    win.__sfHydrated = true;
    tap(inside("cart"));
    expect(win.__sfEarlyTap).toBeUndefined();
  });

  it("replay marks the page hydrated and clicks the noted button once", () => {
    const click = vi.fn();
    const querySelector = vi.fn((selector: string) =>
      selector === '[data-early-tap="cart"]' ? { click, hasAttribute: () => false } : null,
    );
    const win = { __sfEarlyTap: "cart" } as unknown as Window;
    expect(replayEarlyTap({ querySelector } as unknown as Document, win)).toBe("cart");
    expect(click).toHaveBeenCalledTimes(1);
    expect(win.__sfHydrated).toBe(true);
    expect(replayEarlyTap({ querySelector } as unknown as Document, win)).toBeNull();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it("replay does nothing without a tap, for a button no longer on the page, or for a value that is no plain name", () => {
    const querySelector = vi.fn(() => null);
    expect(replayEarlyTap({ querySelector } as unknown as Document, {} as Window)).toBeNull();
    expect(
      replayEarlyTap({ querySelector } as unknown as Document, { __sfEarlyTap: "cart" } as unknown as Window),
    ).toBeNull();
    expect(
      replayEarlyTap({ querySelector } as unknown as Document, { __sfEarlyTap: '"]*' } as unknown as Window),
    ).toBeNull();
    expect(querySelector).toHaveBeenCalledTimes(1);
  });

  it("a button marked to take its tap later is not clicked: the tap stays for it (the account button, after the session answers)", () => {
    const click = vi.fn();
    const querySelector = vi.fn(() => ({ click, hasAttribute: (a: string) => a === "data-early-tap-later" }));
    const win = { __sfEarlyTap: "account" } as unknown as Window;
    expect(replayEarlyTap({ querySelector } as unknown as Document, win)).toBeNull();
    expect(click).not.toHaveBeenCalled();
    expect(win.__sfHydrated).toBe(true);
    expect(win.__sfEarlyTap).toBe("account");
  });
});
