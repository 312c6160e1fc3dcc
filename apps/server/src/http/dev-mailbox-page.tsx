/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas make JSX work whichever tsconfig tsx picks up (it reads the working directory's).
import { renderToStaticMarkup } from "react-dom/server";
import type { OutboxEntry } from "../modules/mail/list-outbox";

type DevMailboxPageProps = { appName: string; to: string | undefined; messages: OutboxEntry[] };

/** The local outbox as a page. No inline styles or scripts: the app's CSP allows neither. */
function DevMailboxPage({ appName, to, messages }: DevMailboxPageProps) {
  const title = `${appName} dev mailbox`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href="/dev/mailbox.css" />
      </head>
      <body>
        <header>
          <h1>{title}</h1>
          <p>E-mail the product sent while the local outbox mailer is active. Nothing left this machine.</p>
        </header>
        <main>
          <form method="get" action="/dev/mailbox">
            <label htmlFor="to">Recipient</label>
            <input id="to" name="to" type="search" defaultValue={to ?? ""} placeholder="parent@example.com" />
            <button type="submit">Filter</button>
            <a href="/dev/mailbox">Show all / refresh</a>
          </form>
          {messages.length === 0 ? (
            <p className="empty">{to ? `No messages to ${to} yet.` : "No messages yet."}</p>
          ) : (
            <ol className="messages">
              {messages.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} />
                </li>
              ))}
            </ol>
          )}
        </main>
      </body>
    </html>
  );
}

function MessageCard({ message }: { message: OutboxEntry }) {
  const sentAt = message.createdAt.toISOString();
  return (
    <article>
      <h2>
        <a href={`/dev/mailbox/${message.id}`} target="_blank" rel="noopener">
          {message.subject}
        </a>
      </h2>
      <dl>
        <dt>To</dt>
        <dd>{message.toAddress}</dd>
        <dt>Kind</dt>
        <dd>
          <span className="kind">{message.kind}</span>
        </dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={sentAt}>{sentAt.replace("T", " ").slice(0, 19)} UTC</time>
        </dd>
        {message.link ? (
          <>
            <dt>Link</dt>
            <dd>
              <a href={message.link}>{message.link}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <details>
        <summary>Plain-text part</summary>
        <pre>{message.text}</pre>
      </details>
    </article>
  );
}

export function renderDevMailboxPage(props: DevMailboxPageProps): string {
  return `<!doctype html>${renderToStaticMarkup(<DevMailboxPage {...props} />)}`;
}
