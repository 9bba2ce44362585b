import { z } from "zod/mini";
import { LINK_INVALID_MESSAGE } from "../account-messages";
import { ANSWER_MAX } from "../field-limits";
import { requiredText } from "./fields";

// An applicant's side of a thread (decision 174): the private link's token, and an answer written on the
// site, through the link or from /account, with its form's one-time key (a second submit stores nothing).

const FORM_EXPIRED = "This form has expired. Reload the page and write your answer again.";

export const threadLinkToken = z
  .string({ error: LINK_INVALID_MESSAGE })
  .check(z.regex(/^[a-z2-7]{52}$/, LINK_INVALID_MESSAGE));

const answerFields = {
  body: requiredText("Answer", ANSWER_MAX),
  key: z
    .string({ error: FORM_EXPIRED })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, FORM_EXPIRED)),
};

export const threadLinkSchema = z.object({ token: threadLinkToken });
export const linkAnswerSchema = z.object({ token: threadLinkToken, ...answerFields });
export const ownAnswerSchema = z.object({
  id: z.pipe(
    z
      .string({ error: "There is no such message." })
      .check(z.regex(/^[1-9]\d{0,15}$/, "There is no such message.")),
    z.transform(Number),
  ),
  ...answerFields,
});
