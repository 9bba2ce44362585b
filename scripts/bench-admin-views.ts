// The views `npm run bench:admin` times (scripts/bench-admin.ts): every tab of the dashboard, each filter
// of the queue and of the Activity log, searches broad and narrow, and the deep pages it reaches by
// following `next` cursors.

export interface View {
  name: string;
  path: string;
}

/** A list whose "Next page" is followed DEEP_PAGES times; the last page reached is then timed. */
export interface DeepList {
  name: string;
  path: string;
}

export const DEEP_PAGES = 100;

const days = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function views(admin: { id: number; email: string }, person: { id: number; email: string }): View[] {
  const tab = (name: string, query = "") => ({ name, path: `/admin?tab=${query}` });
  return [
    tab("Pending Users", "pending"),
    tab("Users", "users"),
    tab("Contact Submissions (open)", "contacts"),
    tab("Activity", "activity"),
    tab("Search, empty", "search"),
    ...["open", "new", "waiting", "done", "spam"].map((state) =>
      tab(`contacts state=${state}`, `contacts&state=${state}`),
    ),
    ...[2, 4, 9].map((area) => tab(`contacts area=${area}`, `contacts&area=${area}`)),
    ...["BTC", "SOL", "USDT"].map((payment) =>
      tab(`contacts payment=${payment}`, `contacts&payment=${payment}`),
    ),
    tab("contacts from (7 days ago)", `contacts&from=${days(-7)}`),
    tab("contacts to (60 days ago)", `contacts&to=${days(-60)}`),
    tab("contacts from/to (one day)", `contacts&from=${days(-30)}&to=${days(-30)}`),
    tab("contacts done, from/to (one day)", `contacts&state=done&from=${days(-30)}&to=${days(-30)}`),
    ...["me", "nobody"].map((holder) => tab(`contacts holder=${holder}`, `contacts&holder=${holder}`)),
    tab("contacts token, USDT, new, mine", "contacts&state=new&area=2&payment=USDT&holder=me"),
    tab("contacts q=maria.1234", "contacts&q=maria.1234"),
    tab("contacts q=Müller", `contacts&q=${encodeURIComponent("Müller")}`),
    tab("contacts q=token (a fifth of the messages)", "contacts&q=token"),
    tab("contacts q=token, counts shown", "contacts&q=token&facets=1"),
    tab(
      "contacts q=Müller, one day, counts shown",
      `contacts&q=${encodeURIComponent("Müller")}&from=${days(-30)}&to=${days(-30)}&facets=1`,
    ),
    tab("contacts q=token, mine", "contacts&q=token&holder=me"),
    tab("contacts q=com (every address), mine", "contacts&q=com&holder=me"),
    tab("contacts q=com, one day", `contacts&q=com&from=${days(-30)}&to=${days(-30)}`),
    tab("contacts q=Li (short words alone)", "contacts&q=Li"),
    tab("contacts q=王 (a name of 40,000)", `contacts&q=${encodeURIComponent("王")}`),
    tab("contacts q=王伟 (a name of 40,000), spam", `contacts&state=spam&q=${encodeURIComponent("王伟")}`),
    tab("contacts q=token, spam", "contacts&q=token&state=spam"),
    tab("contacts q=com, last 7 days, USDT", `contacts&q=com&from=${days(-7)}&payment=USDT`),
    tab(
      "contacts q=16 short words",
      `contacts&q=${encodeURIComponent("or re ip ps su um do ol et ns se ec ct ur ad zq")}`,
    ),
    tab("activity person=<id>", `activity&person=${person.id}`),
    tab("activity person=<address>", `activity&person=${encodeURIComponent(person.email)}`),
    tab("activity person=<admin id>", `activity&person=${admin.id}`),
    tab("activity action=sign-in", "activity&action=sign-in"),
    tab("activity action=data-exported", "activity&action=data-exported"),
    tab("activity action=totp-removed (none)", "activity&action=totp-removed"),
    tab("activity from/to (one day)", `activity&from=${days(-30)}&to=${days(-30)}`),
    ...[
      "token",
      "Müller",
      "代币 USDT",
      "محمد",
      "maria.1234",
      "ref 0999999",
      "Northwind Capital",
      "zzzqqq nothing",
      "王伟",
    ].map((query) => tab(`search q=${query}`, `search&q=${encodeURIComponent(query)}`)),
    tab("search q=token, messages page", "search&q=token&in=messages"),
    tab("search q=gmail, people page", "search&q=gmail&in=people"),
    tab("search q=王 (a name), messages page", `search&q=${encodeURIComponent("王")}&in=messages`),
    tab("search q=Li Wu (two short words)", `search&q=${encodeURIComponent("Li Wu")}`),
  ];
}

export function deepLists(person: { id: number }): DeepList[] {
  return [
    { name: "Users", path: "/admin?tab=users" },
    { name: "Pending Users", path: "/admin?tab=pending" },
    { name: "contacts state=done", path: "/admin?tab=contacts&state=done" },
    { name: "contacts state=open", path: "/admin?tab=contacts" },
    { name: "Activity", path: "/admin?tab=activity" },
    { name: "Activity action=sign-in", path: "/admin?tab=activity&action=sign-in" },
    { name: "Activity person=<admin id>", path: `/admin?tab=activity&person=${person.id}` },
    { name: "search q=token, messages", path: "/admin?tab=search&q=token&in=messages" },
  ];
}
