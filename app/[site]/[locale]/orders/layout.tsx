// These pages show the checkout's and orders' texts at once: every client text comes inline.
export { AllMessagesLayout as default } from "@/components/intl/all-messages";
