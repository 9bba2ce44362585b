import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, count, desc, eq, gt } from "drizzle-orm";
import PostalMime from "postal-mime";
import { contactSubmissions, inboundMail, messageAnswers, messageReplies } from "../../../db/schema";
import type { Deps } from "../deps";
import { answerText, htmlText } from "./answer-text";
import { mailDomainOf, threadAddressKey, threadOfAddress } from "./thread-address";
import { storeAnswer } from "./thread-answers.server";

// An applicant's answer by email (the Worker's `email()` handler, decision 174). Inbound mail is hostile
// input: every mail is answered with a verdict and a reason, recorded in `inbound_mail`, and nothing it
// holds can make the handler fail. A refusal is told to the sending server (an unknown or expired address,
// a mail too large or not readable); a drop is not (an auto-reply or bounce, so no loop forms; a duplicate;
// a flood from one sender, or to one thread). What is kept is the text of the answer, in the thread, and the message goes back to New.

/** The largest mail read (the text of an answer is far smaller; attachments are not kept anyway). */
export const INBOUND_MAX_BYTES = 256 * 1024;
/** Mails from one sender in an hour past which the rest are dropped: a person answers a few times. */
export const SENDER_HOURLY_MAX = 20;
/**
 * Answers to one thread in an hour past which the rest are dropped, whoever sends them: every answer tells
 * the staff, so rotating senders must not flood them either. A person answers a few times an hour at most.
 */
export const THREAD_HOURLY_MAX = 10;
/** An address takes answers for this long after the thread's newest reply. */
export const THREAD_ADDRESS_DAYS = 90;

/** What the handler needs of a received mail (Email Routing's `ForwardableEmailMessage`). */
export interface InboundMail {
  from: string;
  to: string;
  rawSize: number;
  headers: Headers;
  raw: ReadableStream<Uint8Array>;
}

export type Verdict =
  | { outcome: "stored"; reason: string; answerId: number }
  | { outcome: "refused" | "dropped"; reason: string };

const refused = (reason: string): Verdict => ({ outcome: "refused", reason });
const dropped = (reason: string): Verdict => ({ outcome: "dropped", reason });

/** Why a mail is machine-made (an auto-reply, a bounce, a list's mail): null for a person's own. */
export function automaticMail(from: string, headers: Headers): string | null {
  const sender = from.trim().toLowerCase();
  if (sender === "" || sender === "<>" || /^(mailer-daemon|postmaster)@/.test(sender)) return "a bounce";
  const autoSubmitted = headers.get("Auto-Submitted")?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== "no") return `an automatic mail (Auto-Submitted: ${autoSubmitted})`;
  const precedence = headers.get("Precedence")?.trim().toLowerCase();
  if (precedence && /^(bulk|junk|list|auto_reply)$/.test(precedence)) return `an automatic mail (Precedence)`;
  if (headers.has("X-Autoreply") || headers.has("X-Autorespond")) return "an auto-reply";
  if (headers.has("List-Id") || headers.has("List-Unsubscribe")) return "a mailing list's mail";
  return null;
}

/** Reads one received mail into its thread, or says why not. Never throws for anything the mail holds. */
export async function receiveAnswer(deps: Deps, mail: InboundMail): Promise<Verdict> {
  const verdict = await judge(deps, mail).catch((error: unknown) => {
    console.error("inbound mail: could not be read", error);
    return refused("it could not be read");
  });
  // A mail refused before its body was read: the stream is let go, not left open.
  if (!mail.raw.locked) await mail.raw.cancel().catch(() => {});
  await deps.db
    .insert(inboundMail)
    .values({
      fromAddress: envelopeSender(mail),
      toAddress: mail.to.slice(0, 320),
      outcome: verdict.outcome,
      reason: verdict.reason,
      answerId: verdict.outcome === "stored" ? verdict.answerId : null,
    })
    .catch((error: unknown) => console.error("inbound mail: its verdict could not be recorded", error));
  return verdict;
}

async function judge(deps: Deps, mail: InboundMail): Promise<Verdict> {
  if (mail.rawSize > INBOUND_MAX_BYTES) return refused(`larger than ${INBOUND_MAX_BYTES / 1024} KiB`);
  const automatic = automaticMail(mail.from, mail.headers);
  if (automatic) return dropped(automatic);
  const key = threadAddressKey(deps.env.THREAD_ADDRESS_KEY);
  const contactId = key && threadOfAddress(key, mail.to, mailDomainOf(deps.env.EMAIL_FROM));
  if (!contactId) return refused("no such address");
  const contact = await deps.db.query.contactSubmissions.findFirst({
    columns: { email: true, state: true },
    where: eq(contactSubmissions.id, contactId),
  });
  if (!contact) return refused("no such address");
  const newest = await deps.db.query.messageReplies.findFirst({
    columns: { createdAt: true },
    where: eq(messageReplies.contactId, contactId),
    orderBy: desc(messageReplies.createdAt),
  });
  const oldest = Date.now() - THREAD_ADDRESS_DAYS * 86_400_000;
  if (!newest || newest.createdAt.getTime() < oldest) return refused("this address has expired");
  if (contact.state === "spam") return dropped("the message is marked spam");
  const sender = mail.from.trim().toLowerCase();
  const [recent] = await deps.db
    .select({ n: count() })
    .from(inboundMail)
    .where(and(eq(inboundMail.fromAddress, envelopeSender(mail)), gt(inboundMail.createdAt, hourAgo())));
  if ((recent?.n ?? 0) >= SENDER_HOURLY_MAX) return dropped("too many mails from this sender");
  const [answered] = await deps.db
    .select({ n: count() })
    .from(messageAnswers)
    .where(and(eq(messageAnswers.contactId, contactId), gt(messageAnswers.createdAt, hourAgo())));
  if ((answered?.n ?? 0) >= THREAD_HOURLY_MAX) return dropped("too many answers to this thread");
  const raw = new Uint8Array(await new Response(mail.raw).arrayBuffer());
  let parsed: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    parsed = await PostalMime.parse(raw);
  } catch {
    return refused("not a readable email");
  }
  const mailId = parsed.messageId?.trim().slice(0, 998) || `sha256:${encodeHexLowerCase(sha256(raw))}`;
  const seen = await deps.db.query.messageAnswers.findFirst({
    columns: { id: true },
    where: eq(messageAnswers.mailId, mailId),
  });
  if (seen) return dropped("the same email again");
  const fromAddress = (parsed.from?.address ?? sender).trim().toLowerCase().slice(0, 255);
  const answerId = await storeAnswer(deps, {
    contactId,
    channel: "email",
    fromAddress,
    fromSender: fromAddress === contact.email.toLowerCase(),
    body: answerText(parsed.text ?? htmlText(parsed.html ?? "")),
    attachmentsRefused: parsed.attachments.length,
    mailId,
  });
  if (answerId === null) return dropped("the same email again");
  return { outcome: "stored", reason: "an answer to the thread", answerId };
}

/**
 * The envelope's sender as recorded and counted: lower case, so FLOOD@ and flood@ are one sender, and an
 * erasure (which matches lower case) finds every record of it.
 */
const envelopeSender = (mail: InboundMail) => mail.from.trim().toLowerCase().slice(0, 320);

const hourAgo = () => new Date(Date.now() - 3_600_000);
