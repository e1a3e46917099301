/** Custom GPT actions accept summaries of at most this many characters (SPEC section 3). */
export const MAX_SUMMARY_LENGTH = 300;

/** A readable summary for an operation without a doc comment: its id in words (`list_customer_notes`). */
export function summaryFromId(operationId: string): string {
  const text = operationId.replace(/_[0-9a-f]{8}$/, "").replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
