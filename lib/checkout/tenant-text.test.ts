import { describe, expect, it } from "vitest";
import { plainTenantText } from "./tenant-text";

describe("a tenant's terms message as plain text", () => {
  it.each([
    ["Plain text stays", "Plain text stays"],
    ["Line one\nLine two", "Line one\nLine two"],
    ["One<br>Two<br/>Three", "One\nTwo\nThree"],
    ["<p>First</p><p>Second</p>", "First\nSecond"],
    ['<b>Bold</b> and <a href="javascript:alert(1)">link</a>', "Bold and link"],
    ["<img src=x onerror=alert(1)>Hi", "Hi"],
    ["<script>alert(1)</script>Safe", "Safe"],
    ["Fish &amp; chips &lt;b&gt;", "Fish & chips <b>"],
    ["<ul><li>A</li><li>B</li></ul>", "• A\n• B"],
    ["", ""],
  ])("%j ⇒ %j", (input, expected) => {
    expect(plainTenantText(input)).toBe(expected);
  });

  it("is empty for no message", () => {
    expect(plainTenantText(null)).toBe("");
    expect(plainTenantText(undefined)).toBe("");
  });
});
