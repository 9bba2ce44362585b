import { renderToStaticMarkup } from "react-dom/server";
import type { EmailContent } from "./email-content";
import { EmailDocument } from "./email-layout";
import { emailContent, type MailMessage } from "./mail-kinds";

export type { MailMessage } from "./mail-kinds";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// In workerd `react-dom/server` is the edge build; its renderToStaticMarkup is synchronous and adds no
// hydration markers. React escapes every value, so what a person typed can never become markup.
function emailHtml(content: EmailContent, origin: string): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<EmailDocument content={content} origin={origin} />)}`;
}

/** The plain-text twin of the HTML: the same words, with each link written out. */
function emailText(content: EmailContent, origin: string): string {
  const blocks = [
    "FACETS",
    content.heading,
    ...content.intro,
    content.details?.map(([label, value]) => `${label}: ${value}`).join("\n"),
    content.message === undefined ? undefined : `Message:\n${content.message}`,
    `${content.action.label}:\n${content.action.url}`,
    ...(content.links ?? []).map((link) => `${link.label}:\n${link.url}`),
    ...(content.outro ?? []),
    `-- \nThis email was sent automatically by the FACETS website, ${origin}`,
  ];
  return `${blocks.filter((block) => block !== undefined && block !== "").join("\n\n")}\n`;
}

/** Subject, HTML and plain text of one email; every link is absolute to `origin` (SITE_ORIGIN). */
export function renderEmail(message: MailMessage, origin: string): RenderedEmail {
  const content = emailContent(message, origin);
  return { subject: content.subject, html: emailHtml(content, origin), text: emailText(content, origin) };
}
