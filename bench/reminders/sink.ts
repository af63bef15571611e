/**
 * The bench's push sink: an HTTPS endpoint on 127.0.0.1 that answers 201 to every POST
 * /push/<index> without decrypting and counts messages and body bytes per endpoint. A child process
 * (IPC 'stats', 'reset'). Args: <users>. Env: DIACARE_TEST_TLS_CERT / DIACARE_TEST_TLS_KEY.
 */
import { createServer } from 'node:https';
import { readTestCertificate } from '../../apps/server/test/support/tls-certificate.ts';

const users = Number(process.argv[2]);
let counts = new Uint16Array(users);
let total = 0;
let unknown = 0;
let firstAt = 0;
let lastAt = 0;
let bytes = 0;
let minBody = Infinity;
let maxBody = 0;

const server = createServer({ ...readTestCertificate(), keepAliveTimeout: 60_000 }, (request, response) => {
  let length = 0;
  request.on('data', (chunk: Buffer) => {
    length += chunk.length;
  });
  request.on('end', () => {
    const index = Number(request.url?.slice('/push/'.length));
    if (request.method !== 'POST' || !Number.isInteger(index) || index < 0 || index >= users) {
      unknown += 1;
      response.writeHead(404).end();
      return;
    }
    counts[index] = (counts[index] ?? 0) + 1;
    total += 1;
    bytes += length;
    if (length < minBody) minBody = length;
    if (length > maxBody) maxBody = length;
    lastAt = Date.now();
    if (firstAt === 0) firstAt = lastAt;
    response.writeHead(201).end();
  });
});

function stats() {
  let missing = 0;
  let duplicated = 0;
  for (const count of counts) {
    if (count === 0) missing += 1;
    else if (count > 1) duplicated += 1;
  }
  return { total, unknown, missing, duplicated, firstAt, lastAt, bytes, minBody, maxBody };
}

process.on('message', (message: { type: 'stats' | 'reset' | 'count' }) => {
  if (message.type === 'reset') {
    counts = new Uint16Array(users);
    total = unknown = firstAt = lastAt = bytes = maxBody = 0;
    minBody = Infinity;
    process.send!({ type: 'reset' });
  } else if (message.type === 'count') {
    process.send!({ type: 'count', total, lastAt });
  } else {
    process.send!({ type: 'stats', ...stats() });
  }
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    process.send!({ type: 'ready', origin: `https://127.0.0.1:${address.port}` });
});
