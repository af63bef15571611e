/**
 * The journeys' mail server: an in-process SMTP server that accepts every message and keeps
 * none, so the e2e server's e-mail channel is configured and delivers (decision 050).
 */
import { SMTPServer } from 'smtp-server';

/** The sink's port: next but one to the journeys' server (E2E_PORT, default 3107). */
export const SMTP_SINK_PORT = Number(process.env.E2E_PORT ?? 3107) + 2;

/** Playwright's global setup: starts the sink; the function it returns stops it. */
export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_SINK_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
