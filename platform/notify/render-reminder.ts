import "server-only";
import type { Renderer } from "./kinds";

/** The reminder before a booking. */
export const renderReminder: Renderer<"booking_reminder"> = async () => {
  throw new Error("The booking reminder has no renderer yet");
};
