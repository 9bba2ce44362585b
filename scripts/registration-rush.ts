// A registration rush against a served build (decision 125): RUSH_COUNT accounts (120) registered RUSH_BATCH
// (20) at a time, each from its own client address, approved with local SQL, then all signed in at once and
// all signed out at once. Prints each phase's answers by status and the first few 5xx bodies. Serve the
// build first with a throw-away state folder, and give the rush the same one:
//   FACETS_STATE_DIR=/tmp/rush PORT=8880 npm run preview
//   FACETS_STATE_DIR=/tmp/rush RUSH_ORIGIN=http://127.0.0.1:8880 node scripts/registration-rush.ts
// It asserts nothing: the numbers go into docs/measurements.md.
import { localSql } from "./local-state.ts";

const ORIGIN = process.env.RUSH_ORIGIN ?? "http://127.0.0.1:8787";
const COUNT = Number(process.env.RUSH_COUNT ?? 120);
const BATCH = Number(process.env.RUSH_BATCH ?? 20);
const PASSWORD = "correct horse battery";

interface Answer {
  status: number;
  body: string;
  cookie: string;
}

async function post(path: string, body: unknown, client: number, cookie = ""): Promise<Answer> {
  try {
    const response = await fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: ORIGIN,
        "CF-Connecting-IP": `198.51.${(client >> 8) & 255}.${client & 255}`,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("session="));
    return { status: response.status, body: await response.text(), cookie: setCookie?.split(";")[0] ?? "" };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error), cookie: "" };
  }
}

function report(phase: string, started: number, answers: Answer[]) {
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const failures = answers.filter(({ status }) => status === 0 || status >= 500);
  console.log(`${phase}: ${JSON.stringify(statuses)} in ${Date.now() - started} ms`);
  for (const { status, body } of failures.slice(0, 3)) console.log(`  ${status}: ${body.split("\n")[0]}`);
}

const run = Date.now().toString(36);
const emails = Array.from({ length: COUNT }, (_, i) => `rush-${run}-${i}@example.com`);

let started = Date.now();
const registered: Answer[] = [];
for (let first = 0; first < COUNT; first += BATCH) {
  const batch = emails.slice(first, first + BATCH).map((email, j) =>
    post(
      "/api/register",
      {
        email,
        password: PASSWORD,
        firstName: "Rush",
        lastName: "Member",
        company: "FACETS",
        phone: "+44 20 0000 0000",
        userTypeId: 2,
      },
      first + j,
    ),
  );
  registered.push(...(await Promise.all(batch)));
}
report(`register ${COUNT}, ${BATCH} at a time`, started, registered);

localSql(`UPDATE users SET is_approved = 1, approved_at = unixepoch() WHERE email LIKE 'rush-${run}-%'`);

started = Date.now();
const signedIn = await Promise.all(
  emails.map((email, i) => post("/api/login", { email, password: PASSWORD }, 1000 + i)),
);
report(`sign in ${COUNT} at once`, started, signedIn);

started = Date.now();
const signedOut = await Promise.all(
  signedIn.map(({ cookie }, i) => post("/api/auth/logout", {}, 2000 + i, cookie)),
);
report(`sign out ${COUNT} at once`, started, signedOut);
