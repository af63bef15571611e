/**
 * Vitest globalSetup for the server project: writes the local push service's TLS
 * certificate and puts NODE_EXTRA_CA_CERTS into process.env before the test workers are
 * forked, so they start trusting it (Node reads that variable only at process start, and
 * vitest's fork pool copies process.env into each worker's environment).
 */
import { rmSync } from 'node:fs';
import { writeTestCertificate } from './tls-certificate.ts';

export default async function setup(): Promise<() => void> {
  const { dir, env } = await writeTestCertificate();
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
