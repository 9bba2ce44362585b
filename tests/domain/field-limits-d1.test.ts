import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { ANSWER_MAX, FIELD_LIMITS, type LimitedField } from "../../app/lib/field-limits";
import { PAYMENT_METHODS } from "../../app/lib/payment-methods";
import { NOTIFICATION_MODES } from "../../app/lib/staff-notifications";
import * as schema from "../../db/schema";
import {
  ANSWER_CHANNELS,
  contactSubmissions,
  INBOUND_OUTCOMES,
  inboundMail,
  messageAnswers,
  messageReplies,
  staffNotes,
  users,
  userTypes,
} from "../../db/schema";

// Field limits are declared once (app/lib/field-limits.ts, decision 145): here, each reaches the D1 CHECKs
// the migrations made, and every other CHECK of the schema is named and tried (field-limits.test.ts: the
// zod schemas and the forms' maxLength).

/** Every length CHECK of the schema: its name, its column, the field whose limit it keeps. */
const CHECKED: readonly [string, SQLiteColumn, LimitedField][] = [
  ["user_types_name_length", userTypes.name, "userTypeName"],
  ["users_email_length", users.email, "email"],
  ["users_first_name_length", users.firstName, "firstName"],
  ["users_last_name_length", users.lastName, "lastName"],
  ["users_company_length", users.company, "company"],
  ["users_phone_length", users.phone, "phone"],
  ["contact_first_name_length", contactSubmissions.firstName, "firstName"],
  ["contact_last_name_length", contactSubmissions.lastName, "lastName"],
  ["contact_email_length", contactSubmissions.email, "email"],
  ["contact_company_length", contactSubmissions.company, "company"],
  ["contact_phone_length", contactSubmissions.phone, "phone"],
  ["staff_note_body_length", staffNotes.body, "note"],
  ["message_reply_body_length", messageReplies.body, "reply"],
];

/**
 * The CHECKs that are not a limit of a form's field: each tried on its own, below or where its subject is
 * (a message's states in tests/worker/message-states.test.ts).
 */
const OTHER_CHECKS = [
  "staff_note_one_subject",
  "staff_notification_mode",
  "contact_state",
  "contact_closed",
  "message_answer_body_length",
];

/** Every CHECK of the schema that holds a column to a list of values: its name, its column, the values. */
const ONE_OF: readonly [string, SQLiteColumn, readonly string[]][] = [
  ["contact_payment_method", contactSubmissions.paymentMethod, PAYMENT_METHODS],
  ["inbound_mail_outcome", inboundMail.outcome, INBOUND_OUTCOMES],
  ["message_answer_channel", messageAnswers.channel, ANSWER_CHANNELS],
];

let serial = 0;
/** A text of exactly `length` characters of `char`, unique in this file (its serial leads). */
const textOf = (length: number, char: string) => {
  const lead = `${++serial}-`;
  return lead + char.repeat(length - lead.length);
};

/** A contact message to hang a note or a reply on. */
async function aContact(): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO contact_submissions (first_name, last_name, email, message) VALUES ('A', 'B', ?, 'Hello') RETURNING id",
  )
    .bind(`c${++serial}@example.com`)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** A row each checked table takes, but for the column under test. */
async function rowOf(name: string): Promise<Record<string, string | number>> {
  const n = ++serial;
  if (name === "staff_notes") return { contact_id: await aContact(), author_id: 1, body: "A note" };
  if (name === "message_replies") {
    return { contact_id: await aContact(), author_id: 1, body: "A reply", submission_key: `key-${n}` };
  }
  if (name === "inbound_mail") {
    return {
      from_address: "a@example.com",
      to_address: "reply@facets.example",
      outcome: "dropped",
      reason: "x",
    };
  }
  if (name === "message_answers") {
    return {
      contact_id: await aContact(),
      channel: "email",
      from_address: "a@example.com",
      from_sender: 1,
      body: "Yes",
      mail_id: `<answer-${n}@mail.example>`,
    };
  }
  if (name === "user_types") return { name: `type-${n}` };
  if (name === "users") return { email: `u${n}@example.com`, password: "x", first_name: "A", last_name: "B" };
  if (name === "contact_submissions") {
    return { first_name: "A", last_name: "B", email: `c${n}@example.com`, message: "Hello" };
  }
  throw new Error(`no row for ${name}`);
}

async function insert(column: SQLiteColumn, value: string) {
  const table = getTableConfig(column.table).name;
  const row = { ...(await rowOf(table)), [column.name]: value };
  const names = Object.keys(row);
  return env.DB.prepare(
    `INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
  )
    .bind(...Object.values(row))
    .run();
}

describe("the limits reach D1", () => {
  it("names every CHECK of the schema here, so each is tried", () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .flatMap((table) => getTableConfig(table).checks.map((check) => check.name));
    expect(declared.sort()).toEqual(
      [...[...CHECKED, ...ONE_OF].map(([check]) => check), ...OTHER_CHECKS].sort(),
    );
  });

  it("message_answer_body_length: an answer's text is cut before D1, which refuses more", async () => {
    const row = await rowOf("message_answers");
    const answer = (body: string) =>
      env.DB.prepare(
        "INSERT INTO message_answers (contact_id, channel, from_address, from_sender, body, mail_id) VALUES (?, 'email', ?, 1, ?, ?)",
      )
        .bind(row.contact_id, row.from_address, body, crypto.randomUUID())
        .run();
    await expect(answer("x".repeat(ANSWER_MAX))).resolves.toMatchObject({ success: true });
    await expect(answer("x".repeat(ANSWER_MAX + 1))).rejects.toThrow(
      "CHECK constraint failed: message_answer_body_length",
    );
  });

  it("staff_note_one_subject: a note is on a message or a person, never both or neither", async () => {
    const contactId = await aContact();
    const user = await env.DB.prepare(
      "INSERT INTO users (email, password, first_name, last_name) VALUES (?, 'x', 'A', 'B') RETURNING id",
    )
      .bind(`u${++serial}@example.com`)
      .first<{ id: number }>();
    const note = (contact: number | null, person: number | null) =>
      env.DB.prepare("INSERT INTO staff_notes (contact_id, user_id, author_id, body) VALUES (?, ?, 1, 'x')")
        .bind(contact, person)
        .run();
    await expect(note(contactId, null)).resolves.toMatchObject({ success: true });
    await expect(note(null, user?.id ?? 0)).resolves.toMatchObject({ success: true });
    await expect(note(contactId, user?.id ?? 0)).rejects.toThrow(
      "CHECK constraint failed: staff_note_one_subject",
    );
    await expect(note(null, null)).rejects.toThrow("CHECK constraint failed: staff_note_one_subject");
  });

  it("staff_notification_mode: an administrator's choice is immediate, digest or none", async () => {
    const user = await env.DB.prepare(
      "INSERT INTO users (email, password, first_name, last_name) VALUES (?, 'x', 'A', 'B') RETURNING id",
    )
      .bind(`u${++serial}@example.com`)
      .first<{ id: number }>();
    const choose = (mode: string) =>
      env.DB.prepare(
        "INSERT INTO staff_notification_choices (user_id, mode) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode",
      )
        .bind(user?.id ?? 0, mode)
        .run();
    for (const mode of NOTIFICATION_MODES)
      await expect(choose(mode)).resolves.toMatchObject({ success: true });
    for (const mode of ["", "weekly", "Digest"]) {
      await expect(choose(mode)).rejects.toThrow("CHECK constraint failed: staff_notification_mode");
    }
  });

  it.each(ONE_OF)("%s", async (check, column, values) => {
    const table = getTableConfig(column.table).name;
    const made = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
      .bind(table)
      .first<{ sql: string }>();
    const list = values.map((value) => `'${value}'`).join(", ");
    const nullable = column.notNull ? "" : `"${table}"."${column.name}" IS NULL OR `;
    expect(made?.sql).toContain(`CONSTRAINT "${check}" CHECK(${nullable}`);
    expect(made?.sql).toContain(`"${table}"."${column.name}" IN (${list}))`);
    for (const value of values) {
      await expect(insert(column, value)).resolves.toMatchObject({ success: true });
    }
    for (const value of ["", "usdt", "ETH", `${values[0]} `]) {
      await expect(insert(column, value)).rejects.toThrow(`CHECK constraint failed: ${check}`);
    }
  });

  it.each(CHECKED)("%s", async (check, column, field) => {
    const { max } = FIELD_LIMITS[field];
    const table = getTableConfig(column.table).name;
    expect((column as SQLiteColumn & { length?: number }).length).toBe(max);
    // The migrations made it with this very limit…
    const made = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
      .bind(table)
      .first<{ sql: string }>();
    expect(made?.sql).toContain(`CONSTRAINT "${check}" CHECK(`);
    expect(made?.sql).toMatch(
      new RegExp(`"${check}" CHECK\\([^\\n]*length\\("${table}"\\."${column.name}"\\) <= ${max}\\)`),
    );
    // …and it refuses one over, takes one at it; length() counts characters, not bytes.
    for (const char of ["x", "é"]) {
      await expect(insert(column, textOf(max + 1, char))).rejects.toThrow(
        `CHECK constraint failed: ${check}`,
      );
      await expect(insert(column, textOf(max, char))).resolves.toMatchObject({ success: true });
    }
  });
});
