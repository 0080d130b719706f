// Moyasar's official node SDK (npm `moyasar`) ships no types: the part the suite calls.
declare module "moyasar" {
  type Json = Record<string, unknown>;
  class Service {
    apiKey: string;
    baseUrl: string;
    sendRequest(subUrl: string, verb?: string, obj?: Json): Promise<Json>;
  }
  class Payment extends Service {
    list(options?: { page: number; per: number }): Promise<Json[]>;
    fetch(id: string): Promise<Json>;
    refund(receipt: string | { id: string }, option?: { amount?: number }): Promise<Json>;
    update(payment: { id: string } & Json): Promise<Json>;
  }
  export default class Moyasar {
    constructor(apiKey: string);
    apiKey: string;
    payment: Payment;
    invoice: Service;
  }
}
