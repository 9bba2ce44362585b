import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { stateDir } from "./state";

// The emails of the local simulation, read as a developer reads them: `wrangler dev` logs each message
// handed to the EMAIL binding (From, To, Subject and the paths of its text and HTML files), and
// scripts/preview.ts keeps that output in the state folder's dev-server.log.

export interface SimulatedEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
const ANSI = /\u001b\[[0-9;]*m/g;

export function sentEmails(): SimulatedEmail[] {
  let log: string;
  try {
    log = readFileSync(`${stateDir()}/dev-server.log`, "utf8").replace(ANSI, "");
  } catch {
    return [];
  }
  const emails: SimulatedEmail[] = [];
  for (const block of log.split("send_email binding called with MessageBuilder:").slice(1)) {
    const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(block)?.[1]?.trim() ?? "";
    const file = (name: string) => {
      const path = field(name);
      return path ? readFileSync(path, "utf8") : "";
    };
    emails.push({
      from: field("From"),
      to: field("To"),
      subject: field("Subject"),
      text: file("Text"),
      html: file("HTML"),
    });
  }
  return emails;
}

/** Waits for the email with this subject (and text) to reach this address (the queue delivers in seconds). */
export async function emailTo(address: string, subject: string, containing = ""): Promise<SimulatedEmail> {
  let found: SimulatedEmail | undefined;
  await expect
    .poll(
      () => {
        found = sentEmails().find(
          (email) =>
            email.to.includes(address) && email.subject === subject && email.text.includes(containing),
        );
        return found !== undefined;
      },
      { message: `an email "${subject}" to ${address}`, timeout: 120_000 },
    )
    .toBe(true);
  return found as SimulatedEmail;
}

/** The link in an email's text that starts with `origin + path`. */
export function linkIn(email: SimulatedEmail, path: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${email.text}`);
  return link;
}
