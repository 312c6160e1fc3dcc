/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas make JSX work whichever tsconfig tsx picks up (it reads the working directory's).
import type { CSSProperties } from "react";
import { brandColors as color, type EmailContent } from "./email-content";

// E-mail clients ignore <style> blocks and modern layout unevenly: tables with inline styles are the
// one layout every client (and every phone) renders the same way.
const font = "-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: color.canvas, fontFamily: font },
  preview: {
    display: "none",
    maxHeight: 0,
    maxWidth: 0,
    overflow: "hidden",
    opacity: 0,
    fontSize: "1px",
    lineHeight: "1px",
    color: color.canvas,
  },
  outer: { width: "100%", backgroundColor: color.canvas },
  outerCell: { padding: "24px 12px" },
  card: { width: "100%", maxWidth: "560px", borderCollapse: "separate" },
  header: {
    backgroundColor: color.night,
    borderRadius: "16px 16px 0 0",
    padding: "20px 28px",
    color: color.white,
    fontSize: "20px",
    fontWeight: 700,
    letterSpacing: "0.2px",
  },
  accentBar: { backgroundColor: color.accent, height: "4px", lineHeight: "4px", fontSize: "4px" },
  main: {
    backgroundColor: color.white,
    borderRadius: "0 0 16px 16px",
    padding: "32px 28px",
    color: color.ink,
    fontSize: "16px",
    lineHeight: "24px",
  },
  heading: { margin: "0 0 20px", fontSize: "24px", lineHeight: "32px", fontWeight: 700, color: color.ink },
  paragraph: { margin: "0 0 16px" },
  details: { width: "100%", margin: "0 0 20px", borderCollapse: "collapse" },
  detailLabel: {
    padding: "8px 12px 8px 0",
    borderBottom: `1px solid ${color.line}`,
    color: color.muted,
    fontSize: "14px",
    whiteSpace: "nowrap",
    verticalAlign: "top",
  },
  detailValue: {
    padding: "8px 0",
    borderBottom: `1px solid ${color.line}`,
    fontWeight: 600,
    textAlign: "right",
    wordBreak: "break-word",
  },
  picture: {
    display: "inline-block",
    width: "120px",
    height: "auto",
    margin: "0 8px 8px 0",
    borderRadius: "10px",
  },
  buttonCell: { padding: "8px 0 20px" },
  button: {
    display: "inline-block",
    backgroundColor: color.primary,
    color: color.white,
    fontSize: "16px",
    fontWeight: 700,
    lineHeight: "20px",
    textDecoration: "none",
    padding: "14px 28px",
    borderRadius: "10px",
  },
  small: { margin: "0 0 12px", fontSize: "14px", lineHeight: "20px", color: color.muted },
  link: { color: color.primary, wordBreak: "break-all" },
  appendixBlock: {
    margin: "0 0 12px",
    padding: "12px",
    backgroundColor: color.canvas,
    border: `1px solid ${color.line}`,
    borderRadius: "8px",
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    fontSize: "11px",
    lineHeight: "16px",
    color: color.muted,
    whiteSpace: "pre-wrap",
    wordBreak: "break-all",
  },
  footer: { padding: "20px 28px", fontSize: "13px", lineHeight: "20px", color: color.muted },
  footerLink: { color: color.muted, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/** The branded frame every e-mail shares: product name, message, one button, the link in plain. */
export function EmailLayout({ content }: { content: EmailContent }) {
  const { action } = content;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{content.subject}</title>
      </head>
      <body style={styles.body}>
        <div style={styles.preview}>{content.preview}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          border={0}
          style={styles.outer}
        >
          <tbody>
            <tr>
              <td align="center" style={styles.outerCell}>
                <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={styles.card}>
                  <tbody>
                    <tr>
                      <td style={styles.header}>{content.appName}</td>
                    </tr>
                    <tr>
                      <td style={styles.accentBar}>&nbsp;</td>
                    </tr>
                    <tr>
                      <td style={styles.main}>
                        <h1 style={styles.heading}>{content.heading}</h1>
                        {content.greeting ? <p style={styles.paragraph}>{content.greeting}</p> : null}
                        {content.paragraphs.map((paragraph, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered, and two paragraphs may read the same
                          <p key={index} style={styles.paragraph}>
                            {paragraph}
                          </p>
                        ))}
                        {content.details?.length ? (
                          <table
                            role="presentation"
                            cellPadding={0}
                            cellSpacing={0}
                            border={0}
                            style={styles.details}
                          >
                            <tbody>
                              {content.details.map((detail) => (
                                <tr key={detail.label}>
                                  <td style={styles.detailLabel}>{detail.label}</td>
                                  <td style={styles.detailValue}>{detail.value}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        ) : null}
                        {content.images?.length ? (
                          <p style={styles.paragraph}>
                            {content.images.map((image) => (
                              <img
                                key={image.src}
                                src={image.src}
                                alt={image.alt}
                                width={120}
                                style={styles.picture}
                              />
                            ))}
                          </p>
                        ) : null}
                        {action ? (
                          <>
                            <table role="presentation" cellPadding={0} cellSpacing={0} border={0}>
                              <tbody>
                                <tr>
                                  <td style={styles.buttonCell}>
                                    <a href={action.url} style={styles.button} target="_blank" rel="noopener">
                                      {action.label}
                                    </a>
                                  </td>
                                </tr>
                              </tbody>
                            </table>
                            {action.validFor ? (
                              <p style={styles.small}>This link is valid for {action.validFor}.</p>
                            ) : null}
                            <p style={styles.small}>
                              Button not working? Copy this link into your browser:
                              <br />
                              <a href={action.url} style={styles.link} target="_blank" rel="noopener">
                                {action.url}
                              </a>
                            </p>
                          </>
                        ) : null}
                        {content.appendix ? (
                          <>
                            <p style={styles.small}>{content.appendix.intro}</p>
                            <pre style={styles.appendixBlock}>{content.appendix.block}</pre>
                          </>
                        ) : null}
                      </td>
                    </tr>
                    <tr>
                      <td style={styles.footer}>
                        {content.footnote}
                        {content.unsubscribe ? (
                          <>
                            {" "}
                            <a href={content.unsubscribe.url} style={styles.footerLink}>
                              {content.unsubscribe.label}
                            </a>
                          </>
                        ) : null}
                        <br />— {content.appName}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
