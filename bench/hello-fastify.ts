import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

// The framework's floor: Fastify with no plugins, hooks or logging, answering a constant.
const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('disconnect', () => process.exit(0));
