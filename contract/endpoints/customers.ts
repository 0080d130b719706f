import { z } from "zod";
import { CustomerDto, CustomFieldDefinitionDto, UploadDto } from "../dto/customers";
import { endpoint, RAW_RESPONSE } from "../endpoint";
import {
  SaveCustomerInput,
  UpdateCustomFieldsInput,
  UpdateProfileInput,
  UpdateRemindersInput,
} from "../input/customers";
import { publicReadRoutes } from "../public-reads";

const FIELD_RULES = [
  "SP:CustomFieldValueIsRequired",
  "SP:ValueMustBeNumber",
  "SP:ValueMustBeDate",
  "SP:OptionIsNotValid",
  "SP:UploadNotFound",
  "SP:UnsupportedFileType",
] as const;

/** The signed-in customer's own record (spec §7: identity-customer), custom fields and uploads. */
export const customers = {
  me: endpoint({
    method: "GET",
    path: "identity-customer/me",
    auth: "customer",
    summary: "The signed-in customer",
    response: CustomerDto,
    codes: [],
  }),
  save: endpoint({
    method: "POST",
    path: "identity-customer/customer",
    auth: "customer",
    summary: "Saves name, email and custom fields (the mobile number must be the customer's own)",
    body: SaveCustomerInput,
    response: CustomerDto,
    codes: FIELD_RULES,
  }),
  updateProfile: endpoint({
    method: "PUT",
    path: "identity-customer",
    auth: "customer",
    summary: "Changes name and email (spec §7: PUT identity-customer/)",
    body: UpdateProfileInput,
    response: CustomerDto,
    codes: [],
  }),
  updateReminders: endpoint({
    method: "PUT",
    path: "identity-customer/reminders",
    auth: "customer",
    summary: "Turns the customer's booking reminders on or off (the state wanted: the last call wins)",
    body: UpdateRemindersInput,
    response: CustomerDto,
    codes: [],
  }),
  updateCustomFields: endpoint({
    method: "PUT",
    path: "identity-customer/customer-custom-fields",
    auth: "customer",
    summary: "Merges custom field values over the stored ones",
    body: UpdateCustomFieldsInput,
    response: CustomerDto,
    codes: FIELD_RULES,
  }),
  customFields: endpoint({
    ...publicReadRoutes.customFields,
    auth: "public",
    summary: "The store's customer custom fields, labelled in the request's language",
    response: z.array(CustomFieldDefinitionDto),
    codes: [],
  }),
  upload: endpoint({
    method: "POST",
    path: "customer/uploads",
    auth: "customer",
    summary: "Uploads a custom field's document or image (one file ≤ 5 MB; type sniffed from its bytes)",
    multipart: true,
    response: UploadDto,
    codes: [
      "SP:FileRequired",
      "SP:FileTooLarge",
      "SP:UnsupportedFileType",
      "SP:MalformedMultipart",
      "SP:TooManyRequests",
    ],
  }),
  download: endpoint({
    method: "GET",
    path: "customer/uploads/:name",
    auth: "customer",
    summary: "One of the customer's own uploads, as a file",
    params: z.object({ name: z.string().min(1).max(100) }),
    response: RAW_RESPONSE,
    codes: ["SP:UploadNotFound"],
  }),
};
