import { type APIRequestContext, expect } from "@playwright/test";
import { clientIp } from "./members";
import { PASSWORD, uniqueEmail } from "./support";

// Lists as full as a rush leaves them, for the checks of how the workbench's lists sit on a screen
// (list-fit.spec.ts, list-rows.spec.ts): messages and registrations with the long names, addresses and
// letters real ones have, sent over the API twenty at a time, each from its own client address.

const AREAS = [2, 3, 4, 6, 9];
const METHODS = ["USDT", "BTC", "SOL"];

async function inBatches<T>(items: T[], send: (item: T) => Promise<void>, size = 20) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(send));
  }
}

/**
 * Registrations four at a time: each is a password hash that holds the local isolate's one thread, and
 * twenty queued at once on a busy machine kept its loop from the dev proxy long enough that the proxy
 * dropped a connection ("Network connection lost", a 500; decision 125).
 */
const REGISTRATIONS_AT_ONCE = 4;

/** Sends `count` contact messages holding `marker`; the first ones are the oldest. Returns their ids. */
export async function sendMessages(request: APIRequestContext, marker: string, count: number) {
  const ids: number[] = [];
  const messages = Array.from({ length: count }, (_, n) => {
    const area = AREAS[n % AREAS.length] ?? 2;
    return {
      firstName: "Maximiliano Alejandro",
      lastName: `Fernández-Villanueva ${n}`,
      email: uniqueEmail(`${marker}-applicant-number-${n}`),
      userTypeId: area,
      ...(area === 2 ? { paymentMethod: METHODS[n % METHODS.length] } : {}),
      message: `Dear FACETS DAO,\nI would like to apply for 2,500 tokens of the next tranche (${marker}), and to know which wallet to pay from, and when the allocation is confirmed. Kind regards.`,
    };
  });
  await inBatches(messages, async (data) => {
    const sent = await request.post("/api/contact", {
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
      data,
    });
    expect(sent.status()).toBe(201);
    ids.push(((await sent.json()) as { id: number }).id);
  });
  return ids.sort((a, b) => a - b);
}

/** Registers `count` people holding `marker`, left pending. */
export async function registerPeople(request: APIRequestContext, marker: string, count: number) {
  const people = Array.from({ length: count }, (_, n) => ({
    email: uniqueEmail(`${marker}-registrant-number-${n}`),
    password: PASSWORD,
    firstName: "Anastasia Konstantina",
    lastName: `Papadopoulou-Ekwueme ${n}`,
    company: "International Reinsurance Cooperative of Lagos",
    phone: "+234 803 555 0199",
    userTypeId: 6,
  }));
  await inBatches(
    people,
    async (data) => {
      const sent = await request.post("/api/register", {
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": clientIp() },
        data,
      });
      expect(sent.status()).toBe(201);
    },
    REGISTRATIONS_AT_ONCE,
  );
}
