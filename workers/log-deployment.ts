// Every line the Worker logs says which deployment wrote it: `deployment` ("production", "preview" or
// "pull-<n>", the DEPLOYMENT var) added to the line's trailing object, or as one more object when it has
// none (docs/operations.md, "Telling a Preview from production in the logs"; decision 180).

const LEVELS = ["debug", "log", "info", "warn", "error"] as const;

type Line = unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** One log line's arguments with the deployment in them; a line that already names one is left alone. */
export function withDeployment(args: Line, deployment: string): Line {
  const last = args.at(-1);
  if (isPlainObject(last))
    return "deployment" in last ? args : [...args.slice(0, -1), { ...last, deployment }];
  return [...args, { deployment }];
}

const marked = new WeakMap<object, { deployment: string }>();

/** Makes every later line of `target` (the isolate's console) carry `deployment`; once per console. */
export function markLogLines(deployment: unknown, target: Pick<Console, (typeof LEVELS)[number]> = console) {
  if (typeof deployment !== "string" || deployment === "") return;
  const current = marked.get(target);
  if (current) {
    current.deployment = deployment;
    return;
  }
  const state = { deployment };
  marked.set(target, state);
  for (const level of LEVELS) {
    const original = target[level].bind(target);
    target[level] = (...args: Line) => original(...withDeployment(args, state.deployment));
  }
}
