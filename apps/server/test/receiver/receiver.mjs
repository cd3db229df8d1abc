// A stand-in for a seller's webhook server or a Discord webhook URL, run as its own process.
// POST /hooks/<name> records the request (headers, raw body, time) and answers the next scripted
// answer for <name> (default 200 "ok", or 204 for Discord). Control: PUT /__script/<name>
// [{ status, body, delayMs, headers }...], GET /__requests, DELETE /__requests.
import http from 'node:http';

const requests = [];
const scripts = new Map();

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/__requests') {
      if (req.method === 'DELETE') requests.length = 0;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(req.method === 'DELETE' ? [] : requests));
    }
    if (url.pathname.startsWith('/__script/')) {
      scripts.set(url.pathname.slice('/__script/'.length), JSON.parse(raw));
      res.writeHead(204);
      return res.end();
    }
    const name = url.pathname.split('/').filter(Boolean).slice(1).join('/') || 'default';
    requests.push({ name, method: req.method, headers: req.headers, body: raw, at: Date.now() });
    const script = scripts.get(name) ?? [];
    const answer = script.length > 1 ? script.shift() : (script[0] ?? { status: 200, body: 'ok' });
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
