import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp/index.js';
import { fillSlots } from '../../lib/fill-slots.ts';

/** One mail to one recipient, as the sender hands it to nodemailer. */
export interface PersonalMessage {
  from: string;
  /** The one recipient: an address, no display name. */
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Headers of its own; their values may differ per recipient (a signed unsubscribe link). */
  headers?: Record<string, string>;
  date?: Date;
}

/*
 * nodemailer composes a message through a tree of streams: about a millisecond of CPU a mail
 * whatever its size (a random boundary, a pipeline and an encoder per part, every header parsed
 * and normalised), more than rendering, signing and the checks before a send together. The
 * mails of one template differ only in their recipient, Message-ID, date, link headers and
 * bodies, so nodemailer composes each shape of message (sender, subject, header names) once with
 * slots, and each mail fills them in: header values as they are, bodies quoted-printable with
 * nodemailer's own encoder. A value a slot cannot take as it is (one that would need encoding or
 * folding) makes `composeFromSkeleton` return undefined, and nodemailer composes that mail.
 */
const SLOT = {
  to: 'rsph-to@rsph.invalid',
  messageId: '<rsph-message-id@rsph.invalid>',
  /** nodemailer writes the Date header itself, in its place: the slot is a date no mail has. */
  date: new Date(0),
  html: 'RSPH-HTML-BODY',
  text: 'RSPH-TEXT-BODY',
  header: (n: number, kind: HeaderKind) =>
    kind === 'plain'
      ? `RSPH-HEADER-${n}`
      : `<https://rsph.invalid/header-${n}/${'x'.repeat(LONG_LINK)}>`,
};
/**
 * A header value is written as it is when it is `plain` (printable ASCII, short enough that
 * nodemailer neither encodes nor folds it) or a `link` (one unbreakable token in angle brackets,
 * long enough that nodemailer folds it onto a line of its own, as it does the slot).
 */
type HeaderKind = 'plain' | 'link';
const LONG_LINK = 100;
/** An address nodemailer writes as it is: a dot-atom local part at an ASCII host, not too long. */
const ATOM_ADDRESS = /^(?=.{3,60}$)[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+$/;
const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]{0,58}[\x21-\x7e])?$/;
const LINK = new RegExp(`^<[\\x21-\\x3b\\x3d\\x3f-\\x7e]{${LONG_LINK},900}>$`);

function headerKind(value: string): HeaderKind | undefined {
  if (PLAIN.test(value)) return 'plain';
  if (LINK.test(value)) return 'link';
  return undefined;
}
/** nodemailer's quoted-printable line length. */
const QP_LINE = 76;

interface Skeleton {
  message: string;
  /** The multipart boundary, which no body may contain. */
  boundary: string;
}

const skeletons = new Map<string, Promise<Skeleton | null>>();
/** Shapes are few (one a template and sender); the bound keeps a surprise from growing it. */
const MAX_SKELETONS = 64;

/** How nodemailer writes a Date header. */
function dateHeader(date: Date): string {
  return date.toUTCString().replace(/GMT/, '+0000');
}

/**
 * The message as nodemailer would compose it (multipart/alternative, text then HTML, both
 * quoted-printable), or undefined when a value needs nodemailer's own handling.
 */
export async function composeFromSkeleton(message: PersonalMessage): Promise<Buffer | undefined> {
  const headers = Object.entries(message.headers ?? {});
  if (!ATOM_ADDRESS.test(message.to) || !PLAIN.test(message.messageId)) return undefined;
  const kinds = headers.map(([, value]) => headerKind(value));
  if (!kinds.every((kind) => kind !== undefined)) return undefined;
  const shapeOf: [string, HeaderKind][] = headers.map(([name], n) => [name, kinds[n]!]);
  const key = JSON.stringify([message.from, message.subject, shapeOf]);
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    if (skeletons.size >= MAX_SKELETONS) skeletons.clear();
    skeleton = compose(message, shapeOf);
    skeletons.set(key, skeleton);
  }
  const shape = await skeleton;
  if (!shape) return undefined;
  const html = qpWrap(qpEncode(message.html), QP_LINE);
  const text = qpWrap(qpEncode(message.text), QP_LINE);
  if (html.includes(shape.boundary) || text.includes(shape.boundary)) return undefined;
  const values = new Map<string, string>([
    [SLOT.to, message.to],
    [SLOT.messageId, message.messageId],
    [dateHeader(SLOT.date), dateHeader(message.date ?? new Date())],
    [SLOT.html, html],
    [SLOT.text, text],
    ...headers.map(([, value], n): [string, string] => [SLOT.header(n, kinds[n]!), value]),
  ]);
  return Buffer.from(fillSlots(shape.message, values), 'latin1');
}

/** nodemailer's message with a slot for every value, if each slot appears exactly once. */
async function compose(
  message: PersonalMessage,
  headers: [string, HeaderKind][],
): Promise<Skeleton | null> {
  const composed = await new MailComposer({
    from: message.from,
    to: { name: '', address: SLOT.to },
    subject: message.subject,
    messageId: SLOT.messageId,
    date: SLOT.date,
    headers: Object.fromEntries(headers.map(([name, kind], n) => [name, SLOT.header(n, kind)])),
    text: { content: SLOT.text, contentTransferEncoding: 'quoted-printable' },
    html: { content: SLOT.html, contentTransferEncoding: 'quoted-printable' },
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
  const text = composed.toString('latin1');
  const slots = [
    SLOT.to,
    SLOT.messageId,
    dateHeader(SLOT.date),
    SLOT.html,
    SLOT.text,
    ...headers.map(([, kind], n) => SLOT.header(n, kind)),
  ];
  const once = (slot: string) => text.split(slot).length === 2;
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(text)?.[1];
  if (!boundary || !slots.every(once) || /[^\t\n\r\x20-\x7e]/.test(text)) return null;
  return { message: text, boundary };
}
