// The e-mails we send, in the reader's language. Plain text first (it is what many people read), HTML beside it.
import type { TFunction } from "i18next";
import type { EmailMessage } from "~/email/sender.server";
import { escapeHtml } from "~/utils/html";

function layout(paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#0f766e">Ratai</p>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#475569;word-break:break-all">${escapeHtml(action.url)}</p>
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(footer)}</p></div></body></html>`;
}

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): EmailMessage {
  return {
    to,
    subject,
    text: [...paragraphs, `${action.label}: ${action.url}`, footer].join("\n\n"),
    html: layout(paragraphs, action, footer),
  };
}

export function confirmEmailMessage(t: TFunction, to: string, name: string | null, url: string): EmailMessage {
  return message(
    to,
    t("email:confirm.subject"),
    [t("email:greeting", { name: name || to }), t("email:confirm.body"), t("email:confirm.expiry")],
    { label: t("email:confirm.action"), url },
    t("email:confirm.ignore"),
  );
}

export function resetPasswordMessage(t: TFunction, to: string, url: string): EmailMessage {
  return message(
    to,
    t("email:reset.subject"),
    [t("email:greeting", { name: to }), t("email:reset.body"), t("email:reset.expiry")],
    { label: t("email:reset.action"), url },
    t("email:reset.ignore"),
  );
}

/**
 * A booking's news: a new request for the host, an answer (or an expiry) for the renter, and what became of the
 * money (the amounts and dates come formatted in `facts`). `variant` picks another body (`body_<variant>`), for what
 * happened to the money (a hold released rather than a refund, nothing kept, a claim accepted or disputed).
 */
export function bookingEmail(
  t: TFunction,
  to: string,
  name: string | null,
  type: string,
  facts: { car: string; reference: string; start: string; end: string; url: string; [value: string]: string | number },
  options: {
    /** The button's label, when it leads elsewhere than My Bookings (the trip page). */
    actionKey?: string;
    variant?: string;
  } = {},
): EmailMessage {
  return message(
    to,
    t(`email:booking.${type}.subject`, facts),
    [
      t("email:greeting", { name: name || to }),
      t(`email:booking.${type}.${options.variant ? `body_${options.variant}` : "body"}`, facts),
      t("email:booking.facts", facts),
    ],
    { label: t(options.actionKey ?? "email:booking.action"), url: facts.url },
    t("email:booking.footer"),
  );
}

/** The newsletter's double opt-in: the link that confirms the address (no name: we only have the address). */
export function newsletterConfirmMessage(t: TFunction, to: string, url: string): EmailMessage {
  return message(
    to,
    t("email:newsletter.subject"),
    [t("email:newsletter.greeting"), t("email:newsletter.body"), t("email:newsletter.expiry")],
    { label: t("email:newsletter.action"), url },
    t("email:newsletter.ignore"),
  );
}
