/**
 * The two baselines of `npm run bench`, each started by the bench in a process of its own so it
 * gets a core to itself, like the real server: `hello-servers.ts node-http|express` with `PORT`.
 * Express answers a tiny JSON body. node:http answers `BODY` when given: the bench passes the
 * widget config's own JSON, so the config GET's ratio measures what Tellbox adds to an answer of
 * the same bytes (routing, the limits, the cache), not the size of the words the config carries.
 */
import http from 'node:http';
import express from 'express';

const kind = process.argv[2];
const port = Number(process.env.PORT);
const body = { hello: 'world' };

if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('hello-servers: PORT must be set to a free port\n');
  process.exit(2);
}

let server: http.Server;
if (kind === 'node-http') {
  const payload = process.env.BODY ?? JSON.stringify(body);
  server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload),
    });
    res.end(payload);
  });
  server.listen(port, '127.0.0.1');
} else if (kind === 'express') {
  // Express's defaults on purpose (ETag, X-Powered-By): the canonical hello-world is the yardstick.
  const app = express();
  app.get('/', (_req, res) => {
    res.json(body);
  });
  server = app.listen(port, '127.0.0.1');
} else {
  process.stderr.write(`hello-servers: unknown kind "${kind ?? ''}" (node-http or express)\n`);
  process.exit(2);
}

// The bench stops its children with SIGTERM; exit at once, nothing here needs draining.
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
