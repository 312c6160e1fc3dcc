import { createConnection, createServer, type Socket } from "node:net";

/** The untyped first messages a client may send: asks for TLS or GSS encryption, or to cancel a query. */
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Far beyond any statement a product sends: a bigger "length" means the framing was lost. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * A TCP proxy in front of a PostgreSQL server that counts the statements its clients send: every
 * simple query ('Q') and every execution of a prepared one ('E', the extended protocol that `pg`
 * uses for a query with parameters). Each is one round trip the server works on, BEGIN and COMMIT
 * included. Only the client's side is read; the server's answers pass through untouched.
 */
export type StatementCounter = {
  /** `url` (postgres://…) with its host and port replaced by the proxy's. */
  proxiedUrl(url: string): string;
  /** Statements since the last `reset`, and their SQL (shortened), in the order they were sent. */
  statements(): string[];
  reset(): void;
  close(): Promise<void>;
};

export async function startStatementCounter(serverUrl: string): Promise<StatementCounter> {
  const upstream = new URL(serverUrl);
  const sockets = new Set<Socket>();
  let seen: string[] = [];
  let lostFraming: string | null = null;
  const server = createServer((client) => {
    const database = createConnection({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      // Either side going away ends the other; the product's pool sees a closed connection.
      socket.on("error", () => {
        client.destroy();
        database.destroy();
      });
    }
    const reader = frontendReader(
      (statement) => seen.push(statement),
      (problem) => {
        lostFraming ??= problem;
      },
    );
    client.on("data", (chunk: Buffer) => reader(chunk));
    client.pipe(database);
    database.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the statement counter has no address");
  return {
    proxiedUrl(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(address.port);
      return proxied.toString();
    },
    statements() {
      // A count from a stream it could not follow would be a wrong figure, not a rough one.
      if (lostFraming) throw new Error(`the statement counter lost the protocol's framing: ${lostFraming}`);
      return [...seen];
    },
    reset() {
      seen = [];
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Follows one connection's frontend messages across chunks: an untyped start (length, then a code),
 * then typed messages (1-byte type, int32 length counting itself but not the type). Remembers the
 * SQL of each prepared statement ('P', by name) and which one each portal binds ('B'), so that an
 * 'E' can say what it runs.
 */
function frontendReader(
  onStatement: (sql: string) => void,
  onLostFraming: (problem: string) => void,
): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  let lost = false;
  const prepared = new Map<string, string>();
  const portals = new Map<string, string>();
  return (chunk) => {
    if (lost) return;
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const headerBytes = started ? 5 : 4;
      if (pending.length < headerBytes) return;
      const length = pending.readInt32BE(started ? 1 : 0);
      const total = (started ? 1 : 0) + length;
      if (length < 4 || length > MAX_MESSAGE_BYTES) {
        lost = true;
        onLostFraming(`a message of ${length} bytes`);
        return;
      }
      if (pending.length < total) return;
      const message = pending.subarray(0, total);
      pending = pending.subarray(total);
      if (!started) {
        // After a request for encryption (refused: `pg` asks only when told to use TLS) comes the
        // real startup message, still untyped; after the startup message, every one is typed.
        const code = length >= 8 ? message.readInt32BE(4) : 0;
        if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST || code === CANCEL_REQUEST) continue;
        started = true;
        continue;
      }
      const type = String.fromCharCode(message[0] ?? 0);
      const [first, second] = cStrings(message.subarray(5), 2);
      if (type === "Q") onStatement(shorten(first ?? ""));
      else if (type === "P") prepared.set(first ?? "", second ?? "");
      else if (type === "B") portals.set(first ?? "", second ?? "");
      else if (type === "E") onStatement(shorten(prepared.get(portals.get(first ?? "") ?? "") ?? "?"));
    }
  };
}

/** The first `count` NUL-terminated strings of a message body. */
function cStrings(body: Buffer, count: number): string[] {
  const strings: string[] = [];
  let start = 0;
  while (strings.length < count) {
    const end = body.indexOf(0, start);
    if (end < 0) break;
    strings.push(body.toString("utf8", start, end));
    start = end + 1;
  }
  return strings;
}

function shorten(sql: string): string {
  const line = sql.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
