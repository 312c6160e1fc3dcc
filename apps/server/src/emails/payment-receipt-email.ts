import { type EmailContent, type EmailDetail, greetingFor, type RenderedEmail } from "./email-content";
import { formatDay, formatMoney } from "./email-format";
import { renderEmail } from "./render-email";

/**
 * The receipt of one payment, whatever was bought (a plan, its renewal, credits, an add-on): what,
 * how much, when, what it added, and where the whole billing history is.
 */
export function paymentReceiptEmail(options: {
  appName: string;
  firstName: string;
  /** What was bought, as the billing history names it: "Magician (monthly)", "60 extra credits". */
  itemName: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  /** Credits the payment added to the balance; nothing is said about credits when absent or 0. */
  credits?: number;
  /** One sentence on what else the purchase gives, e.g. "100 images each month until …". */
  includes?: string;
  /** The payment's id, for the parent to quote if they write to us. */
  reference: string;
  /** The built-in test checkout: no money changed hands, and the receipt says so. */
  testPayment: boolean;
  historyUrl: string;
  /**
   * The payment's invoice (decision 0053): its number, and the billing history page that offers its
   * PDF once the parent is signed in (the PDF names them and their address: no link that works
   * without an account).
   */
  invoice?: { number: string; url: string };
}): RenderedEmail {
  const { appName } = options;
  const amount = formatMoney(options.amountCents, options.currency);
  const paidOn = formatDay(options.paidAt);
  const credits = options.credits && options.credits > 0 ? options.credits : null;
  const details: EmailDetail[] = [
    { label: "Item", value: options.itemName },
    { label: "Amount", value: amount },
    { label: "Date", value: paidOn },
    ...(credits ? [{ label: "Credits added", value: String(credits) }] : []),
    ...(options.invoice ? [{ label: "Invoice", value: options.invoice.number }] : []),
    { label: "Reference", value: options.reference },
  ];
  const content: EmailContent = {
    appName,
    subject: `Your ${appName} receipt: ${options.itemName}`,
    preview: `${amount} paid on ${paidOn}.`,
    heading: "Thank you for your purchase",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.invoice
        ? `Here is your receipt for ${options.itemName}. Your invoice ${options.invoice.number} (PDF) is in your billing history, which always keeps a copy.`
        : `Here is your receipt for ${options.itemName}. Keep it for your records; your billing history always has a copy.`,
      ...(credits
        ? [
            `${credits === 1 ? "1 credit was" : `${credits} credits were`} added to your balance, ready for new portraits.`,
          ]
        : []),
      ...(options.includes ? [options.includes] : []),
      ...(options.testPayment ? ["This was the built-in test checkout: no money changed hands."] : []),
    ],
    details,
    action: options.invoice
      ? { label: "Get your invoice", url: options.invoice.url }
      : { label: "See your billing history", url: options.historyUrl },
    footnote: `You received this receipt because a payment was made from your ${appName} account. Don't recognise it? Change your password and reply to this e-mail so we can help.`,
  };
  return renderEmail(content);
}
