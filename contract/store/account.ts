import { z } from "zod";
import { platformApi } from "../api";
import { CustomerDto, UploadDto } from "../dto/customers";
import { RAW_RESPONSE } from "../endpoint";
import { UpdateCustomFieldsInput, UpdateProfileInput, UpdateRemindersInput } from "../input/customers";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { accountRoutes } from "./routes/account";

const { customers } = platformApi;

/** Server-made upload names only (`<uuid>.<ext>`): nothing else is ever looked up. */
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|webp|gif|pdf)$/i;

/** The signed-in customer's own record. */
export const account = storeGroup(accountRoutes, {
  updateProfile: {
    summary: "Saves the signed-in customer's name, email and other phone number; answers the customer",
    session: "required",
    idempotencyKey: "forward",
    body: UpdateProfileInput,
    limit: JSON_BODY_LIMIT,
    response: CustomerDto,
    codes: codesOf(customers.updateProfile),
  },
  updateCustomFields: {
    summary: "Saves custom field values (merged over the stored ones); refusals carry details.field",
    session: "required",
    idempotencyKey: "forward",
    body: UpdateCustomFieldsInput,
    limit: JSON_BODY_LIMIT,
    response: CustomerDto,
    codes: codesOf(customers.updateCustomFields),
  },
  updateReminders: {
    summary: "Turns the signed-in customer's booking reminders on or off; answers the customer as saved",
    session: "required",
    idempotencyKey: "forward",
    body: UpdateRemindersInput,
    limit: JSON_BODY_LIMIT,
    response: CustomerDto,
    codes: codesOf(customers.updateReminders),
  },
  upload: {
    summary:
      "A custom field's document or image (multipart `file`), passed on to the platform, which sniffs its type; answers {name, contentType, size}",
    session: "required",
    idempotencyKey: "forward",
    multipart: true,
    limit: UPLOAD_BODY_LIMIT,
    response: UploadDto,
    codes: codesOf(customers.upload, "SP:FileRequired", "SP:FileTooLarge", "SP:MalformedMultipart"),
  },
  uploadFile: {
    summary: "One of the signed-in customer's uploads (an image preview, a document), to its owner only",
    session: "required",
    params: z.object({ name: z.string().regex(UPLOAD_NAME) }),
    response: RAW_RESPONSE,
    codes: codesOf(customers.download),
  },
});
