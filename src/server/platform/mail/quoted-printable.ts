/**
 * Soft line breaks for a quoted-printable body, exactly as nodemailer's `wrap`
 * (`nodemailer/lib/qp`) writes them, in one pass over character codes (decision 0041).
 *
 * nodemailer cuts each line with regular expressions over substrings: about 150 µs of the sender
 * thread's CPU for the HTML part of a confirmation mail (a third of composing the message). The
 * mail's bytes must stay nodemailer's own (message-skeleton.ts composes each message as
 * nodemailer would, byte for byte), so this follows its rules one by one, in its order:
 *
 * 1. a line holding CRLF ends after the first one;
 * 2. a line ending in LF is taken whole;
 * 3. an LF in the line's last third ends the line after it (the last such LF, where no CR
 *    follows it);
 * 4. a full line (longer than two thirds) ends after its last space, tab, `.`, `,`, `!` or `?`
 *    in its last third; otherwise an escape cut by the line's end (`=` or `=X`) moves to the
 *    next line, and so do whole escapes that end in the middle of a UTF-8 sequence;
 * 5. a line that is not the last and does not end in LF gets a soft break (`=` CRLF), after
 *    giving up its last escape or character if it is a full line.
 *
 * quoted-printable.test.ts checks it against nodemailer's `wrap` on generated bodies.
 */
export function qpWrap(text: string, lineLength = 76): string {
  if (text.length <= lineLength) return text;
  const length = text.length;
  const margin = Math.floor(lineLength / 3);
  let result = '';
  let pos = 0;
  // The next CRLF at or after `pos` (searched again only once `pos` has passed it).
  let crlf = text.indexOf('\r\n');
  while (pos < length) {
    let end = Math.min(pos + lineLength, length);
    if (crlf !== -1 && crlf < pos) crlf = text.indexOf('\r\n', pos);
    // 1. CRLF inside the line.
    if (crlf !== -1 && crlf + 2 <= end) {
      result += text.slice(pos, crlf + 2);
      pos = crlf + 2;
      continue;
    }
    // 2. The line ends in LF.
    if (text.charCodeAt(end - 1) === LF) {
      result += text.slice(pos, end);
      pos = end;
      continue;
    }
    const tail = Math.max(pos, end - margin);
    // 3. The last LF of the line's last third, with no line terminator after it.
    let newline = end - 1;
    while (newline >= tail && text.charCodeAt(newline) !== LF) newline--;
    if (newline >= tail && !terminatorIn(text, newline + 1, end)) {
      result += text.slice(pos, newline + 1);
      pos = newline + 1;
      continue;
    }
    // 4. Where a full line breaks, or an escape the line's end would cut.
    let broken = false;
    if (end - pos > lineLength - margin) {
      for (let at = end - 1; at >= tail; at--) {
        if (BREAK_AFTER[text.charCodeAt(at)] === 1) {
          end = at + 1;
          broken = true;
          break;
        }
      }
    }
    if (!broken && endsInEscapePart(text, pos, end)) {
      if (text.charCodeAt(end - 1) === EQUALS) end -= 1;
      else if (end - 2 >= pos && text.charCodeAt(end - 2) === EQUALS && isHex(text, end - 1)) {
        end -= 2;
      }
      // Escapes of one UTF-8 sequence stay on one line.
      while (
        end - pos > 3 &&
        end - pos < length - pos &&
        !onlyEscapes(text, pos, end) &&
        endsInEscape(text, pos, end)
      ) {
        const code = Number.parseInt(text.slice(end - 2, end), 16);
        if (code < 0x80) break;
        end -= 3;
        if (code >= 0xc0) break;
      }
    }
    // An escape alone at the very end of the input: taken as it is.
    if (end === pos) end = Math.min(pos + lineLength, length);
    // 5. The soft break.
    if (end < length && text.charCodeAt(end - 1) !== LF) {
      if (end - pos === lineLength) end -= endsInEscape(text, pos, end) ? 3 : 1;
      result += `${text.slice(pos, end)}=\r\n`;
    } else {
      result += text.slice(pos, end);
    }
    pos = end;
  }
  return result;
}

const LF = 0x0a;
const CR = 0x0d;
const EQUALS = 0x3d;
/** Characters a full line may break after: space, tab, `.`, `,`, `!`, `?`. */
const BREAK_AFTER = new Uint8Array(128);
for (const code of [0x20, 0x09, 0x2e, 0x2c, 0x21, 0x3f]) BREAK_AFTER[code] = 1;

/** A line terminator other than LF between `from` and `to` (JavaScript's `.` stops at them). */
function terminatorIn(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === CR || code === LF || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

function isHex(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

/** The line `[from, to)` ends in `=`, `=X` or `=XX` (X a hex digit, either case). */
function endsInEscapePart(text: string, from: number, to: number): boolean {
  if (to - 1 >= from && text.charCodeAt(to - 1) === EQUALS) return true;
  if (to - 2 >= from && text.charCodeAt(to - 2) === EQUALS && isHex(text, to - 1)) return true;
  return endsInEscape(text, from, to);
}

/** The line `[from, to)` ends in a whole escape, `=XX`. */
function endsInEscape(text: string, from: number, to: number): boolean {
  return (
    to - 3 >= from &&
    text.charCodeAt(to - 3) === EQUALS &&
    isHex(text, to - 2) &&
    isHex(text, to - 1)
  );
}

/** The line `[from, to)` is one to four whole escapes and nothing else. */
function onlyEscapes(text: string, from: number, to: number): boolean {
  const size = to - from;
  if (size % 3 !== 0 || size < 3 || size > 12) return false;
  for (let at = from; at < to; at += 3) {
    if (text.charCodeAt(at) !== EQUALS || !isHex(text, at + 1) || !isHex(text, at + 2)) {
      return false;
    }
  }
  return true;
}
