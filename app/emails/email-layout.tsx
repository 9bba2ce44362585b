import type { CSSProperties, ReactNode } from "react";
import type { EmailContent } from "./email-content";

// The site's palette (app/app.css), inlined: mail clients ignore stylesheets and CSS variables.
const colors = {
  ink: "#0f172a",
  inkMuted: "#475569",
  surface: "#ffffff",
  surfaceMuted: "#f1f5f9",
  line: "#cbd5e1",
  night: "#0b1026",
  brand: "#1d4ed8",
  gold: "#f5b83d",
} as const;

const fontFamily =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const text: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: colors.ink };
const small: CSSProperties = { ...text, fontSize: "13px", lineHeight: "20px", color: colors.inkMuted };
const cell: CSSProperties = { padding: "6px 0", fontSize: "15px", lineHeight: "22px", verticalAlign: "top" };

function Paragraphs({ lines }: { lines: readonly string[] }) {
  return lines.map((line) => (
    <p key={line} style={text}>
      {line}
    </p>
  ));
}

function Details({ rows }: { rows: EmailContent["details"] }) {
  if (!rows?.length) return null;
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 16px" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              align="left"
              scope="row"
              style={{ ...cell, width: "38%", paddingRight: "12px", color: colors.inkMuted, fontWeight: 600 }}
            >
              {label}
            </th>
            <td style={{ ...cell, color: colors.ink, wordBreak: "break-word" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Quote({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <div
      style={{
        ...text,
        whiteSpace: "pre-wrap",
        wordBreak: "break-word",
        padding: "12px 16px",
        borderLeft: `4px solid ${colors.gold}`,
        backgroundColor: colors.surfaceMuted,
      }}
    >
      {message}
    </div>
  );
}

function ActionButton({ action }: { action: EmailContent["action"] }) {
  return (
    <>
      <p style={{ margin: "24px 0" }}>
        <a
          href={action.url}
          style={{
            display: "inline-block",
            padding: "12px 24px",
            borderRadius: "6px",
            backgroundColor: colors.brand,
            color: "#ffffff",
            fontSize: "16px",
            fontWeight: 600,
            textDecoration: "none",
          }}
        >
          {action.label}
        </a>
      </p>
      <p style={small}>
        Or open this address in your browser:
        <br />
        <a href={action.url} style={{ color: colors.brand, wordBreak: "break-all" }}>
          {action.url}
        </a>
      </p>
    </>
  );
}

function Links({ links }: { links: EmailContent["links"] }) {
  if (!links?.length) return null;
  return (
    <ul style={{ ...text, paddingLeft: "20px" }}>
      {links.map((link) => (
        <li key={link.url} style={{ margin: "0 0 8px" }}>
          <a href={link.url} style={{ color: colors.brand }}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Frame({ origin, children }: { origin: string; children: ReactNode }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        <tr>
          <td align="center" style={{ padding: "24px 12px" }}>
            <table
              role="presentation"
              width="100%"
              cellPadding={0}
              cellSpacing={0}
              style={{
                maxWidth: "600px",
                backgroundColor: colors.surface,
                border: `1px solid ${colors.line}`,
              }}
            >
              <tbody>
                <tr>
                  <td
                    style={{
                      padding: "20px 32px",
                      backgroundColor: colors.night,
                      borderBottom: `4px solid ${colors.gold}`,
                    }}
                  >
                    <a
                      href={origin}
                      style={{
                        color: "#ffffff",
                        fontSize: "22px",
                        fontWeight: 700,
                        letterSpacing: "0.12em",
                        textDecoration: "none",
                      }}
                    >
                      FACETS
                    </a>
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: "32px" }}>{children}</td>
                </tr>
              </tbody>
            </table>
            <p style={{ ...small, margin: "16px 0 0", textAlign: "center" }}>
              This email was sent automatically by the FACETS website,{" "}
              <a href={origin} style={{ color: colors.inkMuted }}>
                {new URL(origin).host}
              </a>
              .
            </p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** One whole email document: the branded frame around a heading, text, details, a quote and a button. */
export function EmailDocument({ content, origin }: { content: EmailContent; origin: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.surfaceMuted, fontFamily }}>
        <Frame origin={origin}>
          <h1 style={{ margin: "0 0 24px", fontSize: "24px", lineHeight: "32px", color: colors.ink }}>
            {content.heading}
          </h1>
          <Paragraphs lines={content.intro} />
          <Details rows={content.details} />
          <Quote message={content.message} />
          <ActionButton action={content.action} />
          <Links links={content.links} />
          <Paragraphs lines={content.outro ?? []} />
        </Frame>
      </body>
    </html>
  );
}
