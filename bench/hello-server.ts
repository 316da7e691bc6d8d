import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// The machine's limit: the least work an HTTP server on this Node can do per request.
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('hello world');
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
