import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** How the test server treats the next messages. */
export type SmtpBehaviour =
  | 'accept'
  /** 421 to the first MAIL FROM, then accept. */
  | 'fail-once-421'
  /** 550 to every recipient. */
  | 'reject-550'
  /** Waits past the client's timeout before answering MAIL FROM. */
  | 'slow';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: Email;
  header(name: string): string | undefined;
}

export interface TestSmtpServer {
  url: string;
  behaviour: SmtpBehaviour;
  /** Messages the server accepted. */
  received: ReceivedMail[];
  /** MAIL FROM commands seen: one per delivery attempt. */
  mailFromCount: number;
  reset(behaviour: SmtpBehaviour): void;
  close(): Promise<void>;
}

export const SLOW_REPLY_MS = 1500;

const error = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

/** A real SMTP server on 127.0.0.1 whose answers a test chooses. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    behaviour: 'accept',
    received: [],
    mailFromCount: 0,
    reset(behaviour) {
      state.behaviour = behaviour;
      state.received = [];
      state.mailFromCount = 0;
    },
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      state.mailFromCount += 1;
      if (state.behaviour === 'fail-once-421' && state.mailFromCount === 1) {
        callback(error(421, 'Try again later'));
        return;
      }
      if (state.behaviour === 'slow') {
        setTimeout(() => callback(), SLOW_REPLY_MS);
        return;
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (state.behaviour === 'reject-550') {
        callback(error(550, 'No such user here'));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw).then(
          (parsed) => {
            state.received.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
              header: (name) =>
                parsed.headers.find((header) => header.key === name.toLowerCase())?.value,
            });
            callback();
          },
          (parseError: Error) => callback(parseError),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
