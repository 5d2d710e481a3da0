/**
 * The baseline of `npm run bench:service` (issue 15): a bare node:http server that answers every
 * request with a 302 and a Location, doing no work at all. It is started exactly as the service
 * is (a child process through tsx, NODE_ENV=production, the same taskset when pinned), listens
 * on 127.0.0.1 like the service, and prints its `Base URL:` line the same way, so the same wrk
 * command and Lua script load both. Its rate is the limit of node:http on this machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });

const server = createServer((request, response) => {
  response.writeHead(302, { Location: `https://example.com${request.url ?? '/'}` });
  response.end();
});
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Base URL: http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
