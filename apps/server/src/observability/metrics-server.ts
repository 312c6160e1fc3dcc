import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Metrics } from "./metrics";

/**
 * /metrics on a port of its own, in every role: a worker has no API to carry it. Unauthenticated,
 * so it belongs on a private network (bind HOST accordingly, or firewall the port).
 */
export async function startMetricsServer(options: { metrics: Metrics; host: string; port: number }) {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: try GET /metrics\n");
      return;
    }
    options.metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": options.metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
