import { fetchEnvelope } from "@/lib/client-fetch";
import type { MoyasarPayBody, MyfatoorahExecuteBody, PayLaterBody } from "@/lib/payments/pay-bodies";
import type {
  CreatePaymentDto,
  ExecuteCartPaymentDto,
  InitiateSessionDto,
  PayLaterSessionDto,
  TabbyEligibilityDto,
} from "@/contract/dto/payments";
import type { PaymentEndpoints } from "@/contract/dto/tenants";
import { PaymentApiError } from "./payment-api";

/** The payment step's calls to the online payment BFF (/api/checkout/pay/*); refusals are PaymentApiError. */
const call = <T>(locale: string, method: string, path: string, body?: unknown) =>
  fetchEnvelope<T>(PaymentApiError, method, `/api/checkout/pay${path}`, body, locale);

export const onlinePayApi = {
  endpoints: (locale: string) => call<PaymentEndpoints>(locale, "GET", "/endpoints"),
  moyasar: (locale: string, body: MoyasarPayBody) => call<CreatePaymentDto>(locale, "POST", "/moyasar", body),
  myfatoorahSession: (locale: string, amount: number) =>
    call<InitiateSessionDto>(locale, "POST", "/myfatoorah/session", { amount }),
  myfatoorahExecute: (locale: string, body: MyfatoorahExecuteBody) =>
    call<ExecuteCartPaymentDto>(locale, "POST", "/myfatoorah/execute", body),
  tabbyEligibility: (locale: string) => call<TabbyEligibilityDto>(locale, "POST", "/tabby/eligibility"),
  tabby: (locale: string, body: PayLaterBody) => call<PayLaterSessionDto>(locale, "POST", "/tabby", body),
  tamara: (locale: string, body: PayLaterBody) => call<PayLaterSessionDto>(locale, "POST", "/tamara", body),
};

export const paymentEndpointsQueryKey = ["checkout", "payment-endpoints"] as const;
