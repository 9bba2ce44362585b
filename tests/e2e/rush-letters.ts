import { uniqueEmail } from "./support";

// The rush after a token-sale announcement, as it reads in the workbench (issue 42, item 4): 200 real
// applications from 18 countries, written as people write (a greeting first, their own words), and 800
// junk messages of the kinds that arrive with them: airdrop scams, SEO offers, exchange-listing pitches,
// link spam, gibberish, and 144 that pose as token applications with a payment method. Nothing here
// labels a message for the test: staff find them by what they read on the screen. Junk senders repeat
// their addresses, as campaigns do; each applicant writes once. The marker is only in the addresses,
// so a test can find its own rush among the other tests' messages.

export type Letter = {
  firstName: string;
  lastName: string;
  email: string;
  userTypeId: number;
  paymentMethod?: "USDT" | "BTC" | "SOL";
  message: string;
};

export type Kind = "real" | "junk";

const COUNTRIES: readonly { city: string; names: readonly [string, string][] }[] = [
  {
    city: "Lagos",
    names: [
      ["Chinedu", "Okafor"],
      ["Aisha", "Bello"],
    ],
  },
  {
    city: "Nairobi",
    names: [
      ["Wanjiru", "Kamau"],
      ["Otieno", "Ochieng"],
    ],
  },
  {
    city: "Johannesburg",
    names: [
      ["Thabo", "Nkosi"],
      ["Lerato", "Dlamini"],
    ],
  },
  {
    city: "Accra",
    names: [
      ["Kwame", "Mensah"],
      ["Abena", "Owusu"],
    ],
  },
  {
    city: "Mumbai",
    names: [
      ["Priya", "Sharma"],
      ["Arjun", "Mehta"],
    ],
  },
  {
    city: "Manila",
    names: [
      ["Maria", "Santos"],
      ["Jose", "Reyes"],
    ],
  },
  {
    city: "Jakarta",
    names: [
      ["Budi", "Santoso"],
      ["Siti", "Rahayu"],
    ],
  },
  {
    city: "Hanoi",
    names: [
      ["Nguyen", "Van An"],
      ["Tran", "Thi Mai"],
    ],
  },
  {
    city: "São Paulo",
    names: [
      ["João", "Silva"],
      ["Ana", "Oliveira"],
    ],
  },
  {
    city: "Mexico City",
    names: [
      ["Luis", "Hernández"],
      ["Sofía", "García"],
    ],
  },
  {
    city: "Buenos Aires",
    names: [
      ["Martín", "Fernández"],
      ["Lucía", "Gómez"],
    ],
  },
  {
    city: "Berlin",
    names: [
      ["Jonas", "Müller"],
      ["Lena", "Schmidt"],
    ],
  },
  {
    city: "Lyon",
    names: [
      ["Camille", "Dubois"],
      ["Louis", "Moreau"],
    ],
  },
  {
    city: "Valencia",
    names: [
      ["Javier", "López"],
      ["Carmen", "Ruiz"],
    ],
  },
  {
    city: "Manchester",
    names: [
      ["Oliver", "Brown"],
      ["Amelia", "Taylor"],
    ],
  },
  {
    city: "Houston",
    names: [
      ["Michael", "Johnson"],
      ["Emily", "Davis"],
    ],
  },
  {
    city: "Dubai",
    names: [
      ["Omar", "Al Mansouri"],
      ["Fatima", "Al Hashimi"],
    ],
  },
  {
    city: "Istanbul",
    names: [
      ["Emre", "Yılmaz"],
      ["Zeynep", "Kaya"],
    ],
  },
];

const GREETINGS = [
  "Hello,",
  "Dear FACETS DAO,",
  "Hi team,",
  "Good morning,",
  "Dear Sir or Madam,",
  "Greetings from {city},",
  "Hola,",
  "Bonjour,",
  "Olá equipe FACETS,",
  "Hallo zusammen,",
  "To whom it may concern,",
  "Good day,",
];

const ASKS = [
  "I would like to buy {amount} FACETS tokens in this tranche and pay in {method}.",
  "Please consider my application for {amount} FACETS tokens; I can pay in {method}.",
  "I read the announcement and want to purchase {amount} FACETS tokens, paying with {method}.",
  "My cooperative in {city} wants {amount} FACETS tokens. We hold {method} and can pay this week.",
];

const QUESTIONS = [
  "When will the allocation be confirmed?",
  "Is there a minimum holding period?",
  "Could you tell me the price per token in this tranche?",
  "Do I need to register on the site first?",
  "",
];

const SIGN_OFFS = ["Kind regards,", "Thank you,", "Best wishes,", "Saludos,", "Merci,"];

/** Applications in the order they arrive: USDT, BTC and SOL taking turns, so every page holds all three. */
function realLetters(marker: string): Letter[] {
  const methods = [
    ...Array<"USDT">(100).fill("USDT"),
    ...Array<"BTC">(60).fill("BTC"),
    ...Array<"SOL">(40).fill("SOL"),
  ];
  const mixed = methods.map((method, n) => ({ method, order: (n * 7919) % methods.length }));
  mixed.sort((a, b) => a.order - b.order);
  return mixed.map(({ method }, n) => {
    const country = COUNTRIES[n % COUNTRIES.length] ?? COUNTRIES[0];
    const [firstName, lastName] = country?.names[Math.floor(n / COUNTRIES.length) % 2] ?? ["A", "B"];
    const fill = (text: string) =>
      text
        .replace("{city}", country?.city ?? "")
        .replace("{method}", method)
        .replace("{amount}", (500 * ((n % 9) + 1)).toLocaleString("en-GB"));
    const lines = [
      fill(GREETINGS[n % GREETINGS.length] ?? ""),
      "",
      fill(ASKS[n % ASKS.length] ?? ""),
      QUESTIONS[n % QUESTIONS.length] ?? "",
      "",
      SIGN_OFFS[n % SIGN_OFFS.length] ?? "",
      `${firstName} ${lastName}, ${country?.city}`,
    ];
    return {
      firstName,
      lastName,
      email: uniqueEmail(`${marker}-${firstName.toLowerCase().replace(/[^a-z]/g, "")}${n}`),
      userTypeId: 2,
      paymentMethod: method,
      message: lines.filter((line, index) => line !== "" || index === 1).join("\n"),
    };
  });
}

const GIBBERISH_SYLLABLES = ["qwe", "zxr", "plo", "vby", "mnk", "ujh", "tgf", "wsx", "edc", "rfv", "ikm"];

/** The junk, in its kinds, each sent from a handful of addresses that repeat. */
function junkLetters(marker: string): Letter[] {
  const senders = new Map<string, string>();
  const from = (campaign: string, n: number) => {
    const key = `${campaign}${n % 10}`;
    if (!senders.has(key)) senders.set(key, uniqueEmail(`${marker}-${key}`));
    return senders.get(key) ?? "";
  };
  const kinds: { count: number; write: (n: number) => Omit<Letter, "email"> & { campaign: string } }[] = [
    {
      count: 160,
      write: (n) => ({
        campaign: "airdrop",
        firstName: "Airdrop",
        lastName: "Desk",
        userTypeId: 9,
        message: `Congratulations!!! Your wallet was selected for a 5 BTC airdrop. Claim within 24 hours at https://claim-airdrop-${n}.example/verify before it expires.`,
      }),
    },
    {
      count: 160,
      write: (n) => ({
        campaign: "seo",
        firstName: "Rank",
        lastName: "Expert",
        userTypeId: 6,
        message: `Hi, I noticed your website is not on the first page of Google. Our backlink packages start at $49: https://seo-rank-pro-${n}.example. Reply for a free audit.`,
      }),
    },
    {
      count: 160,
      write: (n) => ({
        campaign: "listing",
        firstName: "Listing",
        lastName: "Manager",
        userTypeId: 6,
        message: `Hello FACETS team, we would love to list FACETS on our exchange with 2M daily volume. Listing fee 1.5 BTC, market making included. Telegram: t.me/listing_desk_${n}`,
      }),
    },
    {
      count: 80,
      write: (n) => ({
        campaign: "links",
        firstName: "Best",
        lastName: "Offers",
        userTypeId: 9,
        message: `http://cheap-pills-${n}.example http://casino-bonus-${n}.example http://loans-now-${n}.example`,
      }),
    },
    {
      count: 144,
      write: (n) => ({
        campaign: "whale",
        firstName: "Investor",
        lastName: `Group ${n % 10}`,
        userTypeId: 2,
        paymentMethod: (["USDT", "BTC", "SOL"] as const)[n % 3],
        message: `Dear FACETS DAO,\nI want to buy 250,000 FACETS tokens today and pay double the price. Send your wallet to my WhatsApp wa.me/1555010${n % 10} and my agent pays at once.`,
      }),
    },
    {
      count: 96,
      write: (n) => ({
        campaign: "gibberish",
        firstName: GIBBERISH_SYLLABLES[n % 11] ?? "qwe",
        lastName: GIBBERISH_SYLLABLES[(n * 3) % 11] ?? "zxr",
        userTypeId: 9,
        message: Array.from(
          { length: 12 },
          (_, k) => `${GIBBERISH_SYLLABLES[(n + k * 5) % 11]}${GIBBERISH_SYLLABLES[(n * k + 2) % 11]}`,
        ).join(" "),
      }),
    },
  ];
  const junk = kinds.flatMap(({ count, write }) =>
    Array.from({ length: count }, (_, n) => {
      const { campaign, ...letter } = write(n);
      return { ...letter, email: from(campaign, n) };
    }),
  );
  // The kinds arrive mixed, as they do: a fixed shuffle (7919 is prime to 800).
  return junk.map((_, n) => junk[(n * 7919) % junk.length] as Letter);
}

/** The rush as it arrives: the real applications spread through the junk, a real one first. */
export function rushLetters(marker: string): { letter: Letter; kind: Kind }[] {
  const real = realLetters(marker).map((letter) => ({ letter, kind: "real" as const }));
  const junk = junkLetters(marker).map((letter) => ({ letter, kind: "junk" as const }));
  // Every fifth message is real: 200 real among 800 junk.
  return Array.from({ length: 1_000 }, (_, n) =>
    n % 5 === 0 ? real[n / 5] : junk[n - Math.ceil(n / 5)],
  ).filter((entry): entry is { letter: Letter; kind: Kind } => entry !== undefined);
}
