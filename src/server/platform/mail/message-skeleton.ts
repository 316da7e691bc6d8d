import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { encode as qpEncode } from 'nodemailer/lib/qp/index.js';
import { fillSlots } from '../../lib/fill-slots.ts';
import { qpWrap } from './quoted-printable.ts';

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
 * nodemailer's own encoder. A value a slot cannot take as it is (one nodemailer would encode,
 * quote or fold at a space) makes `composeFromSkeleton` return undefined, and nodemailer
 * composes that mail.
 */
const SLOT = {
  to: 'rsph-to@rsph.invalid',
  /** nodemailer writes the Date header itself, in its place: the slot is a date no mail has. */
  date: new Date(0),
  html: 'RSPH-HTML-BODY',
  text: 'RSPH-TEXT-BODY',
  /** The n-th header's slot (the Message-ID is header -1), folded as its value is. */
  header: (n: number, fold: Fold) =>
    n < 0
      ? `<rsph-message-id${fold === 'folded' ? `-${'x'.repeat(FOLD_AT)}` : ''}@rsph.invalid>`
      : `RSPH-HEADER-${n}${fold === 'folded' ? `-${'x'.repeat(FOLD_AT)}` : ''}`,
};
/**
 * nodemailer folds a header line of 76 characters or more at a space; a value without spaces
 * then goes whole onto a line of its own ("Name:", then " value"). So a value of printable ASCII
 * without spaces, quotes or `=?` is written as it is, on the header's line or folded below it
 * by its length alone, and its slot is made to fold the same way.
 */
type Fold = 'inline' | 'folded';
const FOLD_AT = 76;
/** nodemailer encodes a value with a quote or with `=?` (the start of an encoded word). */
const UNSPACED = /^(?!.*=\?)[\x21\x23-\x7e]{1,900}$/;

function foldOf(name: string, value: string): Fold | undefined {
  if (!UNSPACED.test(value)) return undefined;
  return `${name}: ${value}`.length >= FOLD_AT ? 'folded' : 'inline';
}

/** An address nodemailer writes as it is: a dot-atom local part at an ASCII host, not too long. */
const ATOM_ADDRESS = /^(?=.{3,60}$)[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+$/;

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
  if (!ATOM_ADDRESS.test(message.to) || !/^<[^<>]+>$/.test(message.messageId)) return undefined;
  const headers = Object.entries(message.headers ?? {});
  const folds = [
    foldOf('Message-ID', message.messageId),
    ...headers.map(([name, value]) => foldOf(name, value)),
  ];
  if (!folds.every((fold) => fold !== undefined)) return undefined;
  const [idFold, ...headerFolds] = folds as [Fold, ...Fold[]];
  const shapeOf: [string, Fold][] = headers.map(([name], n) => [name, headerFolds[n]!]);
  const key = JSON.stringify([message.from, message.subject, idFold, shapeOf]);
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    if (skeletons.size >= MAX_SKELETONS) skeletons.clear();
    skeleton = compose(message, idFold, shapeOf);
    skeletons.set(key, skeleton);
  }
  const shape = await skeleton;
  if (!shape) return undefined;
  const html = qpWrap(qpEncode(message.html), QP_LINE);
  const text = qpWrap(qpEncode(message.text), QP_LINE);
  if (html.includes(shape.boundary) || text.includes(shape.boundary)) return undefined;
  const values = new Map<string, string>([
    [SLOT.to, message.to],
    [SLOT.header(-1, idFold), message.messageId],
    [dateHeader(SLOT.date), dateHeader(message.date ?? new Date())],
    [SLOT.html, html],
    [SLOT.text, text],
    ...headers.map(([, value], n): [string, string] => [SLOT.header(n, headerFolds[n]!), value]),
  ]);
  return Buffer.from(fillSlots(shape.message, values), 'latin1');
}

/** nodemailer's message with a slot for every value, if each slot appears exactly once. */
async function compose(
  message: PersonalMessage,
  idFold: Fold,
  headers: [string, Fold][],
): Promise<Skeleton | null> {
  const named: [string, Fold][] = [['Message-ID', idFold], ...headers];
  const slots = named.map(([, fold], n) => SLOT.header(n - 1, fold));
  // A slot must fold as the value it stands for (a long header name could fold a short slot).
  if (!named.every(([name, fold], n) => foldOf(name, slots[n]!) === fold)) return null;
  const composed = await new MailComposer({
    from: message.from,
    to: { name: '', address: SLOT.to },
    subject: message.subject,
    messageId: slots[0],
    date: SLOT.date,
    headers: Object.fromEntries(headers.map(([name], n) => [name, slots[n + 1]])),
    text: { content: SLOT.text, contentTransferEncoding: 'quoted-printable' },
    html: { content: SLOT.html, contentTransferEncoding: 'quoted-printable' },
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
  const text = composed.toString('latin1');
  const once = (slot: string) => text.split(slot).length === 2;
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(text)?.[1];
  const all = [SLOT.to, dateHeader(SLOT.date), SLOT.html, SLOT.text, ...slots];
  if (!boundary || !all.every(once) || /[^\t\n\r\x20-\x7e]/.test(text)) return null;
  return { message: text, boundary };
}
