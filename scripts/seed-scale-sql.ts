// The SQL behind `npm run seed:scale` (scripts/seed-scale.ts): rows made inside SQLite by recursive CTEs,
// so a million of them cost one statement, not a million round trips. Values come from a multiplicative
// hash of the row number (deterministic, well mixed); names, companies and messages from small pools in
// several scripts (Latin with accents, Chinese, Arabic, Cyrillic, Japanese, Greek).

const FIRST_NAMES = [
  ["James", "james"],
  ["María", "maria"],
  ["José", "jose"],
  ["Zoë", "zoe"],
  ["François", "francois"],
  ["Søren", "soren"],
  ["Aisha", "aisha"],
  ["Wei", "wei"],
  ["Yuki", "yuki"],
  ["Olga", "olga"],
  ["Liam", "liam"],
  ["Chloé", "chloe"],
  ["Mateus", "mateus"],
  ["Priya", "priya"],
  ["Kofi", "kofi"],
  ["王伟", "wang.wei"],
  ["李娜", "li.na"],
  ["张敏", "zhang.min"],
  ["محمد", "mohammed"],
  ["فاطمة", "fatima"],
  ["Иван", "ivan"],
  ["Ольга", "olga.k"],
  ["さくら", "sakura"],
  ["Ελένη", "eleni"],
  ["Noa", "noa"],
] as const;

const LAST_NAMES = [
  "Smith",
  "García",
  "Müller",
  "Nguyen",
  "Okafor",
  "Rossi",
  "Dubois",
  "Kowalski",
  "Andersson",
  "Silva",
  "Tanaka",
  "Patel",
  "Ivanov",
  "Haddad",
  "O'Brien",
  "陈",
  "刘",
  "王",
  "الحسن",
  "Петров",
  "山田",
  "Παπαδόπουλος",
  "Cohen",
  "Kim",
  "Novák",
];

const COMPANIES = [
  "Northwind Capital",
  "Helvetia Re",
  "Acme Insurance",
  "Blue Harbor Fund",
  "Sakura Holdings",
  "北京资本",
  "شركة الخليج",
  "ООО Вектор",
  "Fjord Ventures",
  "Atlas Mutual",
  "Kraków Partners",
  "Lumen Labs",
  "Orion Trust",
  "Café Société",
  "Mistral Assurances",
  "Pacific Pilots",
  "Zenith DAO",
  "Tangerine Bank",
  "Greenfield Energy",
  "Nordic Risk",
];

const DOMAINS = [
  "gmail.com",
  "outlook.com",
  "proton.me",
  "example.org",
  "qq.com",
  "yandex.ru",
  "mail.example",
];

const GREETINGS = [
  "Hello,",
  "Hi team,",
  "Dear FACETS,",
  "Good morning,",
  "您好，",
  "مرحبا،",
  "Здравствуйте,",
  "Bonjour,",
  "Hola,",
  "こんにちは、",
];

/** Message bodies; the last two are junk (they end Spam). */
const BODIES = [
  "I would like to buy FACETS tokens in the next tranche.",
  "We are interested in licensing the protocol for our insurance products.",
  "Could we discuss a partnership for the pilot sites?",
  "I hold tokens and have a question about the vesting schedule.",
  "Please send me the regulatory documentation for our review.",
  "I am applying for the engineering role you posted.",
  "我们希望购买代币，请告知付款方式。",
  "نرغب في شراء الرموز، ما هي طرق الدفع؟",
  "Мы хотим приобрести токены во втором транше.",
  "Nous souhaitons devenir partenaire dans la région.",
  "FREE CRYPTO GIVEAWAY!!! click here now http://spam.example/win",
  "Cheap followers and SEO backlinks, best price guaranteed.",
];
const JUNK_BODIES = 2;

const CLOSINGS = [
  "How much can I invest?",
  "Payment in USDT would suit us best.",
  "We prefer to pay with BTC.",
  "SOL is our treasury currency.",
  "Thank you for your time.",
  "Please call me back this week.",
  "Our budget is around 50,000 EUR.",
  "Looking forward to your reply.",
  "Regards.",
];

const ACTIONS = [
  "sign-in",
  "sign-in",
  "sign-in",
  "sign-out",
  "sign-in-code",
  "profile-changed",
  "password-changed",
  "user-approved",
  "user-rejected",
  "contact-processed",
  "passkey-added",
  "totp-enabled",
  "reauthenticated",
  "sessions-ended",
  "data-exported",
];

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A JSON array literal SQLite reads with json_extract(…, '$[n]'). */
const pool = (values: readonly string[]) => quote(JSON.stringify(values));
const pick = (values: readonly string[], index: string) =>
  `json_extract(${pool(values)}, '$[' || ((${index}) % ${values.length}) || ']')`;

const DAY = 86_400;
const SPAN = 90 * DAY;

/** Row number → a well-mixed 32-bit number (Knuth's multiplicative hash), salted. */
const hash = (salt: number) => `(((i + ${salt}) * 2654435761) % 4294967296)`;

function numbers(count: number) {
  return `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
}

const ADMIN_ID = "(SELECT min(id) FROM users WHERE user_type_id = 1)";

/** `count` contact messages over the last 90 days, oldest first, in the four states. */
export function messagesSql(count: number, now: number): string {
  const body = `(${hash(11)} % ${BODIES.length})`;
  const roll = `(${hash(23)} % 100)`;
  const state = `CASE WHEN ${body} >= ${BODIES.length - JUNK_BODIES} THEN 'spam' WHEN ${roll} < 30 THEN 'new' WHEN ${roll} < 42 THEN 'waiting' ELSE 'done' END`;
  const area = `CASE WHEN ${hash(31)} % 100 < 40 THEN 2 ELSE 3 + ${hash(37)} % 7 END`;
  const created = `(${now - SPAN} + i * ${SPAN} / ${count})`;
  return `${numbers(count)}
INSERT INTO contact_submissions (first_name, last_name, email, company, phone, user_type_id, message,
  payment_method, is_processed, processed_by, processed_at, created_at, state, claimed_by, claimed_at)
SELECT first_name, last_name, email, company, phone, area,
  message, CASE WHEN area = 2 THEN json_extract('["BTC","SOL","USDT",null]', '$[' || (pay % 4) || ']') END,
  state IN ('done', 'spam'), CASE WHEN state IN ('done', 'spam') THEN ${ADMIN_ID} END,
  CASE WHEN state IN ('done', 'spam') THEN created + 3600 * (1 + pay % 48) END, created, state,
  CASE WHEN state IN ('new', 'waiting') AND pay % 10 = 0 THEN ${ADMIN_ID} END,
  CASE WHEN state IN ('new', 'waiting') AND pay % 10 = 0 THEN created + 600 END
FROM (
  SELECT i, ${pick(
    FIRST_NAMES.map(([name]) => name),
    hash(1),
  )} AS first_name,
    ${pick(LAST_NAMES, `${hash(1)} / 25`)} AS last_name,
    ${pick(
      FIRST_NAMES.map(([, handle]) => handle),
      hash(1),
    )} || '.' || i || '@' || ${pick(DOMAINS, hash(5))} AS email,
    CASE WHEN ${hash(7)} % 10 < 3 THEN NULL ELSE ${pick(COMPANIES, hash(7))} END AS company,
    CASE WHEN ${hash(9)} % 2 = 0 THEN '+41 79 ' || (1000000 + i % 8999999) END AS phone,
    ${area} AS area,
    ${pick(GREETINGS, hash(13))} || ' ' || json_extract(${pool(BODIES)}, '$[' || ${body} || ']') || ' ' ||
      ${pick(CLOSINGS, hash(17))} || ' (ref ' || printf('%07d', i) || ')' AS message,
    ${hash(41)} AS pay, ${state} AS state, ${created} AS created
  FROM n
);`;
}

/** `count` people: 80% approved (a few deactivated), 15% waiting for approval, 5% rejected. */
export function peopleSql(count: number, now: number): string {
  const roll = `(${hash(101)} % 100)`;
  const created = `(${now - SPAN} + i * ${SPAN} / ${count})`;
  return `${numbers(count)}
INSERT INTO users (email, password, first_name, last_name, company, phone, user_type_id, is_approved,
  is_active, approved_by, approved_at, rejected_by, rejected_at, created_at, updated_at, email_confirmed_at)
SELECT 'p' || i || '.' || ${pick(
    FIRST_NAMES.map(([, handle]) => handle),
    hash(103),
  )} || '@' || ${pick(DOMAINS, hash(105))},
  'seed:no-password', ${pick(
    FIRST_NAMES.map(([name]) => name),
    hash(103),
  )}, ${pick(LAST_NAMES, `${hash(103)} / 25`)},
  CASE WHEN ${hash(107)} % 10 < 4 THEN NULL ELSE ${pick(COMPANIES, hash(107))} END,
  NULL, 2 + ${hash(109)} % 8, ${roll} < 80, ${roll} < 80 AND ${roll} <> 7,
  CASE WHEN ${roll} < 80 THEN ${ADMIN_ID} END, CASE WHEN ${roll} < 80 THEN ${created} + ${DAY} END,
  CASE WHEN ${roll} >= 95 THEN ${ADMIN_ID} END, CASE WHEN ${roll} >= 95 THEN ${created} + ${DAY} END,
  ${created}, ${created}, ${created} + 60
FROM n;`;
}

/** `count` audit entries over the last 90 days, by the seeded people (their ids are the newest `people`). */
export function auditSql(count: number, people: number, now: number): string {
  const person = `((SELECT max(id) FROM users) - ${people} + 1 + ${hash(201)} % ${people})`;
  return `${numbers(count)}
INSERT INTO account_events (at, actor_id, subject_id, action, outcome, ip, user_agent, country, request_id,
  actor_email_sha256)
SELECT ${now - SPAN} + i * ${SPAN} / ${count},
  CASE WHEN ${hash(203)} % 20 = 0 THEN NULL WHEN ${hash(203)} % 20 = 1 THEN ${ADMIN_ID} ELSE ${person} END,
  ${person}, ${pick(ACTIONS, hash(205))}, CASE WHEN ${hash(207)} % 10 = 0 THEN 'failure' ELSE 'success' END,
  '203.0.113.' || (${hash(209)} % 250), ${pick(USER_AGENTS, hash(211))},
  ${pick(["CH", "DE", "US", "CN", "AE", "BR", "JP", "GB"], hash(213))}, lower(hex(randomblob(8))),
  lower(hex(randomblob(32)))
FROM n;`;
}
