// The baseline server of bench/cable-fanout.ts: bare `ws` (the app's version, same Node) on a
// plain HTTP server, no authentication, no protocol. It accepts every WebSocket and, on
// POST /broadcast, writes the request body to every socket. What holding and reaching N
// sockets costs before any Action Cable, session or pub/sub work.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const sockets = new Set();
const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/broadcast') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const frame = Buffer.concat(chunks);
      for (const ws of sockets) ws.send(frame, { binary: false });
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws) => {
  sockets.add(ws);
  ws.on('close', () => sockets.delete(ws));
});
process.on('SIGTERM', () => process.exit(0));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
