import { z } from "zod/mini";
import { NOTE_MAX, REPLY_MAX } from "../field-limits";
import { requiredText } from "./fields";

// The workbench's forms: a note on a message or a person, and a reply to a message. Each names what it is
// about by a positive whole-number id (as parseId takes it), and a reply carries its form's one-time key.

const id = (what: string) =>
  z.pipe(
    z
      .string({ error: `The ${what} id must be a positive whole number.` })
      .check(z.regex(/^[1-9]\d{0,15}$/, `The ${what} id must be a positive whole number.`)),
    z.transform(Number),
  );

export const messageNoteSchema = z.object({ id: id("message"), body: requiredText("Note", NOTE_MAX) });
export const personNoteSchema = z.object({ id: id("person"), body: requiredText("Note", NOTE_MAX) });

export const replySchema = z.object({
  id: id("message"),
  body: requiredText("Reply", REPLY_MAX),
  key: z
    .string({ error: "This form has expired. Reload the page and write the reply again." })
    .check(
      z.regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        "This form has expired. Reload the page and write the reply again.",
      ),
    ),
});
