// npm run admin:create -- --email you@example.com --first-name Ada --last-name Admin [--remote]
// Creates or promotes an approved admin in local D1 (default) or, with --remote, the deployed database,
// then ends the account's sessions: a promotion changes its role and sets its password, and whatever
// changes a person's standing ends their sessions, so the next sign-in shows the admin's header.
// The password is read from the terminal without echo, or from standard input when piped.
import { parseArgs } from "node:util";
import { upsertAdminSql } from "./admin-account.ts";
import { endSessionsOf } from "./end-sessions.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    "first-name": { type: "string", default: "Admin" },
    "last-name": { type: "string", default: "User" },
    remote: { type: "boolean", default: false },
  },
});

async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let input = "";
    for await (const chunk of stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? "";
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let password = "";
    stdin.on("data", function onData(key: string) {
      if (key === "\u0003") process.exit(130);
      if (key === "\r" || key === "\n") {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off("data", onData);
        process.stdout.write("\n");
        resolve(password);
      } else if (key === "\u007f") {
        password = password.slice(0, -1);
      } else {
        password += key;
      }
    });
  });
}

if (!values.email) {
  console.error(
    "Usage: npm run admin:create -- --email you@example.com [--first-name A] [--last-name B] [--remote]",
  );
  process.exit(2);
}
const password = await readPassword("Password (not shown): ");
if (password.length < 12) {
  console.error("Choose an admin password of at least 12 characters.");
  process.exit(2);
}
const sql = await upsertAdminSql({
  email: values.email,
  password,
  firstName: values["first-name"],
  lastName: values["last-name"],
});
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", LOCAL_STATE];
wrangler(["d1", "execute", "DB", ...target, "--command", sql], { quiet: true });
console.log(`${values.email} is an approved admin in the ${values.remote ? "remote" : "local"} database.`);

const ended = endSessionsOf(values.email, target);
console.log(
  `Ended ${ended} session${ended === 1 ? "" : "s"} of ${values.email}; the next sign-in is an admin's.`,
);
