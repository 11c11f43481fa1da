// The baseline server of bench/chat-latency.ts: bare `ws` (the app's version, same Node) on a
// plain HTTP server, no authentication, no protocol, no database. A socket opened on /send has
// every text frame it sends written to every socket opened on /receive (the "echo between two
// sockets"); POST /relay writes the request body to every /receive socket (the same, with the
// send being an HTTP request, as the app's is). Sockets on any other path are held idle.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const receivers = new Set();
const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/relay') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const frame = Buffer.concat(chunks);
      for (const ws of receivers) ws.send(frame, { binary: false });
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws, req) => {
  if (req.url === '/receive') {
    receivers.add(ws);
    ws.on('close', () => receivers.delete(ws));
  } else if (req.url === '/send') {
    ws.on('message', (data, isBinary) => {
      for (const r of receivers) r.send(data, { binary: isBinary });
    });
  }
});
process.on('SIGTERM', () => process.exit(0));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
