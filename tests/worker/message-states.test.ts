import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MOVE_TARGETS } from "../../app/lib/admin-row-actions";
import {
  isClosedState,
  MESSAGE_STATE_LABELS,
  MESSAGE_STATE_TABLE,
  MESSAGE_STATE_WORK,
  MESSAGE_STATES,
  type MessageState,
} from "../../app/lib/message-states";
import { fetchPage, fetchWorker, textOf } from "./support";
import { freshIp, signedInCookie, userIdOf } from "./support-accounts";
import { deliver, insertAdmin, insertContact, linksOf, recordingEnv } from "./support-mail";
import { at, contactWithEvent, countWhere, to } from "./support-notifications";
import { apiList, entriesOf, stateOf } from "./support-queue";

// The table of a message's states (docs/decisions/169), walked state by state from the outside: what a
// message's page offers in each, where each offered move takes it in D1 and what the audit log records,
// which states the Open view lists, what the staff digest counts, and what D1 refuses. A state added to the table is walked too.

const inState = (state: MessageState) => insertContact({ state, is_processed: isClosedState(state) ? 1 : 0 });

const moveActions = (html: string) =>
  [...html.matchAll(/name="intent" value="([^"]+)"/g)]
    .map((match) => match[1] as string)
    .filter((intent) => intent in MOVE_TARGETS);

describe("the table of a message's states", () => {
  let admin: { cookie: string; email: string };
  let adminId: number;

  beforeAll(async () => {
    admin = await signedInCookie({ admin: true });
    adminId = await userIdOf(admin.email);
  });

  const messagePage = (id: number) =>
    fetchPage(`/admin/message?id=${id}`, { headers: { Cookie: admin.cookie } });
  const postMove = (id: number, intent: string) =>
    fetchWorker(`/admin/message?id=${id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": freshIp(),
        Cookie: admin.cookie,
      },
      body: new URLSearchParams({ intent, id: String(id) }),
    });

  it.each(MESSAGE_STATES)(
    "offers on a %s message the moves its row declares, each landing where it says",
    async (state) => {
      const { id } = await inState(state);
      const { status, html } = await messagePage(id);
      expect(status).toBe(200);
      expect(textOf(html)).toContain(MESSAGE_STATE_LABELS[state]);
      const offers = MESSAGE_STATE_TABLE[state].offers as readonly MessageState[];
      expect(moveActions(html)).toEqual(offers.map((to) => MESSAGE_STATE_TABLE[to].move.action));

      for (const to of offers) {
        const { id: moved } = await inState(state);
        const response = await postMove(moved, MESSAGE_STATE_TABLE[to].move.action);
        expect(response.status).toBe(200);
        expect(textOf(await response.text())).toContain(MESSAGE_STATE_WORK[to].move.done.description);
        expect(await stateOf(moved)).toMatchObject({
          state: to,
          is_processed: isClosedState(to) ? 1 : 0,
          processed_by: isClosedState(to) ? adminId : null,
        });
        expect(await entriesOf(MESSAGE_STATE_WORK[to].move.audit, [moved])).toEqual([
          { subject_id: moved, actor_id: adminId },
        ]);
      }
    },
  );

  it("lists in the Open view exactly the states that are not closed", async () => {
    const ids = new Map<MessageState, number>();
    for (const state of MESSAGE_STATES) ids.set(state, (await inState(state)).id);
    const listed = new Set<number>();
    for (let page = await apiList(admin.cookie, ""); ; ) {
      for (const item of page.items) listed.add(item.id);
      const next = page.next?.match(/<[^>]*(\?[^>]*)>/)?.[1];
      if (!next) break;
      page = await apiList(admin.cookie, next);
    }
    for (const state of MESSAGE_STATES)
      expect([state, listed.has(ids.get(state) ?? 0)]).toEqual([state, !isClosedState(state)]);
  });

  it("counts in the staff digest every state the table says it counts, each linked to its list", async () => {
    const digestAdmin = await insertAdmin({ notifications: "digest" });
    let last = null as Awaited<ReturnType<typeof contactWithEvent>> | null;
    for (const state of MESSAGE_STATES) last = await contactWithEvent({ state });
    const { env: testEnv, sent } = recordingEnv();
    await deliver(testEnv, [last?.event as never], 1, at(120));
    const [digest] = to(sent, digestAdmin.email);
    if (!digest) throw new Error("no digest");
    const text = String(digest.text);
    for (const state of MESSAGE_STATES) {
      const declared = MESSAGE_STATE_WORK[state].digest as { count: string; oldest: string } | null;
      const link = `${env.SITE_ORIGIN}/admin?tab=contacts&state=${state}`;
      if (!declared) {
        expect([state, linksOf(digest).includes(link)]).toEqual([state, false]);
        continue;
      }
      const count = await countWhere(`contact_submissions WHERE state = '${state}'`);
      expect(text).toContain(`${declared.count}: ${count}`);
      expect(text).toMatch(new RegExp(`${declared.oldest}: .*, since .* UTC`));
      expect([state, linksOf(digest).includes(link)]).toEqual([state, true]);
    }
  });

  it("has D1 refuse a state outside the table, and a processed flag that disagrees with the state", async () => {
    const { id } = await insertContact();
    const set = (state: string, processed: number) =>
      env.DB.prepare("UPDATE contact_submissions SET state = ?, is_processed = ? WHERE id = ?")
        .bind(state, processed, id)
        .run();
    await expect(set("archived", 0)).rejects.toThrow(/CHECK/);
    for (const state of MESSAGE_STATES) {
      const closed = isClosedState(state) ? 1 : 0;
      await expect(set(state, 1 - closed)).rejects.toThrow(/CHECK/);
      await set(state, closed);
      expect(await stateOf(id)).toMatchObject({ state, is_processed: closed });
    }
  });
});
