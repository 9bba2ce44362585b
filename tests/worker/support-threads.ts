import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { fetchWorker } from "./support";
import { freshIp } from "./support-accounts";

// The threads as the tests reach them (decision 174): the admin API's thread, reply and note, and mail
// handed to the inbound handler as Email Routing hands it.

/** A call of the admin API's messages endpoints with `cookie`'s session. */
export const messagesApi = (cookie: string, method: string, path: string, body?: unknown) =>
  fetchWorker(`/api/admin/messages${path}`, {
    method,
    headers: {
      Cookie: cookie,
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export interface ThreadAnswer {
  message: { id: number; state: string; email: string };
  replyAddress: string | null;
  thread: { kind: string; author: string | null; at: string; text: string; fromSender?: boolean }[];
}

let mailCounter = 0;

/** A plain-text email as a mail client writes it; `headers` add to or replace the usual ones. */
export function rawMail(
  from: string,
  to: string,
  text: string,
  headers: Record<string, string | null> = {},
): string {
  mailCounter += 1;
  const all: Record<string, string | null> = {
    From: from,
    To: to,
    Subject: "Re: Your message to FACETS",
    "Message-ID": `<answer-${mailCounter}-${crypto.randomUUID()}@mail.example>`,
    Date: new Date().toUTCString(),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=utf-8",
    ...headers,
  };
  const lines = Object.entries(all).flatMap(([name, value]) => (value === null ? [] : [`${name}: ${value}`]));
  return `${lines.join("\r\n")}\r\n\r\n${text.replace(/\n/g, "\r\n")}\r\n`;
}

/** The Worker's own handlers: `email` runs Email Routing's handler as Cloudflare would (not in the types). */
const worker = exports.default as unknown as { email(message: unknown): Promise<void> };

export interface Verdict {
  outcome: "stored" | "refused" | "dropped";
  reason: string;
}

/**
 * Hands `raw` to the built Worker's email() handler as mail from `from` (the envelope) to `to`, with the
 * headers Email Routing gives it; answers the verdict the handler recorded for it.
 */
export async function receive(raw: string | Uint8Array, from: string, to: string, rawSize?: number) {
  const bytes = typeof raw === "string" ? new TextEncoder().encode(raw) : raw;
  const head = new TextDecoder().decode(bytes.slice(0, 64 * 1024)).split(/\r?\n\r?\n/)[0] ?? "";
  const headers = new Headers();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    // Only what the Headers class takes: random bytes make names that are not RFC 9110 tokens and values
    // with NUL or other control characters, which Email Routing could not hand over either.
    try {
      headers.append(line.slice(0, at), line.slice(at + 1).trim());
    } catch {
      // left out
    }
  }
  const stream = new Response(new Uint8Array(bytes)).body;
  const last = await newestVerdictId();
  await worker.email({
    from,
    to,
    rawSize: rawSize ?? bytes.byteLength,
    headers,
    raw: stream,
    setReject() {},
  });
  const verdict = await env.DB.prepare(
    "SELECT id, outcome, reason FROM inbound_mail ORDER BY id DESC LIMIT 1",
  ).first<Verdict & { id: number }>();
  if (!verdict || verdict.id === last) throw new Error("the handler recorded no verdict");
  return { outcome: verdict.outcome, reason: verdict.reason };
}

const newestVerdictId = async () =>
  (await env.DB.prepare("SELECT max(id) AS id FROM inbound_mail").first<{ id: number | null }>())?.id ?? null;
