export const REPLY_SUBJECT = "Re: Your message to FACETS";

/** A mail draft to the contact: greeting by first name, their message quoted (RFC 6068 encoding). */
export function replyMailto(contact: { email: string; firstName: string; message: string }): string {
  const quoted = contact.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\r\n");
  const body = `Hi ${contact.firstName},\r\n\r\nThank you for your message to FACETS.\r\n\r\n\r\n\r\nYou wrote:\r\n${quoted}\r\n`;
  const address = encodeURIComponent(contact.email).replaceAll("%40", "@");
  return `mailto:${address}?subject=${encodeURIComponent(REPLY_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

/**
 * A row with its mail draft made where it is loaded: the browser's bundle carries no draft builder (an
 * admin page's script budget), and the draft's link is the same with JavaScript and without.
 */
export const withReplyMailto = <T extends { email: string; firstName: string; message: string }>(
  row: T,
): T & { mailto: string } => ({ ...row, mailto: replyMailto(row) });
