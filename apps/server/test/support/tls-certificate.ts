/**
 * A self-signed TLS certificate for 127.0.0.1, for local stand-ins of push services
 * (tests and bench). Clients trust it through NODE_EXTRA_CA_CERTS, which Node reads only
 * when a process starts, so whoever starts the client processes writes it first
 * (push-tls.global-setup.ts for vitest, bench/reminders for the benchmark).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

/** Environment variables naming the PEM files of the certificate and its private key. */
export const TLS_CERT_ENV = 'DIACARE_TEST_TLS_CERT';
export const TLS_KEY_ENV = 'DIACARE_TEST_TLS_KEY';

/** Generates an EC P-256 certificate valid for 127.0.0.1 and localhost for one day. */
export async function createTestCertificate(): Promise<{ cert: string; key: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'DiaCare local push service' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * Writes a fresh certificate into a new temporary directory and returns the environment
 * a client process needs: NODE_EXTRA_CA_CERTS (the certificate, after any CA bundle the
 * caller already trusted) and the cert/key paths for the servers.
 */
export async function writeTestCertificate(
  existingExtraCa = process.env.NODE_EXTRA_CA_CERTS,
): Promise<{ dir: string; env: Record<string, string> }> {
  const { cert, key } = await createTestCertificate();
  const dir = mkdtempSync(join(tmpdir(), 'diacare-tls-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  const bundlePath = join(dir, 'extra-ca.pem');
  writeFileSync(certPath, cert);
  writeFileSync(keyPath, key, { mode: 0o600 });
  let previous = '';
  try {
    if (existingExtraCa) previous = `${readFileSync(existingExtraCa, 'utf8').trim()}\n`;
  } catch {
    // An unreadable NODE_EXTRA_CA_CERTS is Node's warning to give, not ours.
  }
  writeFileSync(bundlePath, previous + cert);
  return { dir, env: { NODE_EXTRA_CA_CERTS: bundlePath, [TLS_CERT_ENV]: certPath, [TLS_KEY_ENV]: keyPath } };
}

/** Reads the certificate named by the environment, or explains how to get one. */
export function readTestCertificate(): { cert: string; key: string } {
  const certPath = process.env[TLS_CERT_ENV];
  const keyPath = process.env[TLS_KEY_ENV];
  if (!certPath || !keyPath || !process.env.NODE_EXTRA_CA_CERTS) {
    throw new Error(
      `${TLS_CERT_ENV}/${TLS_KEY_ENV}/NODE_EXTRA_CA_CERTS are not set: run server tests through vitest ` +
        "(the server project's globalSetup writes the certificate before the workers start).",
    );
  }
  return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
}
