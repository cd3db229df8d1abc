// The ceiling of bench:hot: a bare Fastify server answering one constant JSON object, nothing else
// (no plugins, no hooks, no logger). `node bench/lib/ceiling.mjs PORT`; prints "listening" when ready.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
