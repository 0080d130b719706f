import { createHmac } from "node:crypto";

/**
 * MyFatoorah's webhook signing as its official PHP library does it (MyFatoorah::isSignatureValid
 * and MyFatoorahWebhook::getV2DataModel), ported line by line so that a test's webhook is signed
 * the way MyFatoorah signs it, not the way our own client thinks it is signed.
 */

/** PHP's sprintf("%s", $v) of a json_decode'd value: null and false "", true "1", floats to 14 digits. */
function sprintfS(v: unknown): string {
  if (v === null || v === undefined || v === false) return "";
  if (v === true) return "1";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(parseFloat(v.toPrecision(14)));
  return String(v);
}

/** uksort($dataArray, 'strcasecmp'); implode(',', "k=v"); base64(hash_hmac sha256 raw). EventType 2 drops GatewayReference. */
export function libraryV1Signature(dataArray: Record<string, unknown>, secret: string, eventType = 0): string {
  const data = { ...dataArray };
  if (eventType === 2) delete data.GatewayReference;
  const keys = Object.keys(data).sort((a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x === y ? 0 : x < y ? -1 : 1;
  });
  const output = keys.map((k) => `${k}=${sprintfS(data[k])}`).join(",");
  return createHmac("sha256", secret).update(output).digest("base64");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- PHP's arrays, read as the library reads them
type Data = Record<string, any>;

/** getV2DataModel($code, $data) for the payment status (1) and refund (2) events, then the same signing without sorting. */
export function libraryV2Signature(code: 1 | 2, data: Data, secret: string): string {
  const model: [string, unknown][] =
    code === 1
      ? [
          ["Invoice.Id", data.Invoice.Id],
          ["Invoice.Status", data.Invoice.Status],
          ["Transaction.Status", data.Transaction.Status],
          ["Transaction.PaymentId", data.Transaction.PaymentId],
          ["Invoice.ExternalIdentifier", data.Invoice.ExternalIdentifier],
        ]
      : [
          ["Refund.Id", data.Refund.Id],
          ["Refund.Status", data.Refund.Status],
          ["Amount.ValueInBaseCurrency", data.Amount.ValueInBaseCurrency],
          ["ReferencedInvoice.Id", data.ReferencedInvoice.Id],
        ];
  const output = model.map(([k, v]) => `${k}=${sprintfS(v)}`).join(",");
  return createHmac("sha256", secret).update(output).digest("base64");
}

/** A TransactionsStatusChanged (v1) body in the order MyFatoorah documents its Data fields. */
export function v1PaymentWebhook(
  invoiceId: number,
  cartId: string,
  transactionStatus: "SUCCESS" | "FAILED" = "SUCCESS",
) {
  const Data = {
    InvoiceId: invoiceId,
    InvoiceReference: "2026000123",
    CreatedDate: "24112026120000",
    CustomerReference: cartId,
    CustomerName: "Sara Ali",
    CustomerMobile: "+966500000001",
    CustomerEmail: null,
    TransactionStatus: transactionStatus,
    PaymentMethod: "VISA/MASTER",
    UserDefinedField: null,
    ReferenceId: "4401234567",
    TrackId: "24-11-2026_1",
    PaymentId: "07072026123",
    AuthorizationId: "123456",
    InvoiceValueInBaseCurrency: 51.75,
    BaseCurrency: "SAR",
    InvoiceValueInDisplayCurreny: 51.75,
    DisplayCurrency: "SAR",
    InvoiceValueInPayCurrency: 51.75,
    PayCurrency: "SAR",
  };
  return { EventType: 1, Event: "TransactionsStatusChanged", DateTime: "24112026120000", CountryIsoCode: "SAU", Data };
}

/** A PAYMENT_STATUS_CHANGED (v2) body. */
export function v2PaymentWebhook(invoiceId: number, cartId: string) {
  const Data = {
    Invoice: {
      Id: String(invoiceId),
      Status: "PAID",
      Reference: "2026000123",
      CreationDate: "2026-11-24T12:00:00",
      ExpirationDate: "2026-11-27T12:00:00",
      ExternalIdentifier: cartId,
      UserDefinedField: null,
      MetaData: null,
    },
    Transaction: {
      Id: "901",
      Status: "SUCCESS",
      PaymentMethod: "VISA/MASTER",
      PaymentId: "07072026124",
      ReferenceId: "4401234568",
      TrackId: "24-11-2026_2",
      AuthorizationId: "123457",
      TransactionDate: "2026-11-24T12:01:00",
      ECI: "05",
      IP: { Address: "192.0.2.7", Country: "SA" },
      Error: { Code: "", Message: "" },
      Card: {
        NameOnCard: "Sara Ali",
        Number: "411111xxxxxx1111",
        Token: null,
        PanHash: null,
        Brand: "Visa",
        Issuer: "",
        IssuerCountry: "SAU",
        FundingMethod: "credit",
      },
    },
    Customer: { Reference: cartId, Name: "Sara Ali", Mobile: "+966500000001", Email: null },
    Amount: {
      BaseCurrency: "SAR",
      ValueInBaseCurrency: "51.75",
      ServiceCharge: "0.000",
      ServiceChargeVAT: "0.000",
      ReceivableAmount: "50.000",
      DisplayCurrency: "SAR",
      ValueInDisplayCurrency: "51.75",
      PayCurrency: "SAR",
      ValueInPayCurrency: "51.75",
    },
    Suppliers: [],
  };
  return {
    Event: {
      Code: 1,
      Name: "PAYMENT_STATUS_CHANGED",
      CountryIsoCode: "SAU",
      CreationDate: "2026-11-24T12:01:05",
      Reference: "WH-000123",
    },
    Data,
  };
}
