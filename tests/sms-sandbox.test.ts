import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { outboxSender } from "@/platform/providers/sms";
import { otpMessage } from "@/platform/services/otp-rules";
import { clearTenantCache } from "@/lib/platform-client/tenants";
import { describeEachDb } from "./helpers/test-db";

/** GET /sandbox/sms/latest (app/sandbox/sms/latest/route.ts): how the browser tests read a code. */
const latest = async (host: string, query: string) => {
  const { GET } = await import("@/app/sandbox/sms/latest/route");
  const res = await GET(new Request(`http://${host}/sandbox/sms/latest?${query}`, { headers: { host } }));
  return { status: res.status, body: await res.json() };
};

describeEachDb("SMS sandbox route", (t) => {
  beforeAll(async () => {
    setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} });
    const spa = outboxSender(t().db, t().spa.id);
    await spa.send("+966500000201", otpMessage("ar", "Rimal Wellness", "121212"));
    await spa.send("+966500000201", otpMessage("ar", "Rimal Wellness", "343434"));
  });
  beforeEach(() => clearTenantCache());
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("answers the newest message to a number for the host's store", async () => {
    const res = await latest("spa.localhost:3000", "to=%2B966500000201");
    expect(res).toEqual({
      status: 200,
      body: {
        to: "+966500000201",
        text: "رمز الدخول إلى Rimal Wellness: 343434",
        code: "343434",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    // An unencoded "+" (a space once decoded) and a national number name the same number.
    expect((await latest("spa.localhost", "to=+966500000201")).body.code).toBe("343434");
    expect((await latest("spa.localhost", "to=0500000201")).body.code).toBe("343434");
  });

  it("keeps stores apart and refuses nonsense", async () => {
    expect((await latest("coffee.localhost", "to=%2B966500000201")).status).toBe(404);
    expect((await latest("nowhere.localhost", "to=%2B966500000201")).status).toBe(404);
    expect((await latest("spa.localhost", "to=abc")).status).toBe(400);
    expect((await latest("spa.localhost", "")).status).toBe(400);
  });

  it("is not there when sandboxes are off", async () => {
    vi.resetModules();
    vi.stubEnv("SANDBOX", "off");
    expect((await latest("spa.localhost", "to=%2B966500000201")).status).toBe(404);
  });
});
