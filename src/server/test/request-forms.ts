/** One way of writing a request target, and the family of disguises it belongs to. */
export interface RequestForm {
  kind: string;
  target: string;
}

function percent(character: string, upper: boolean): string {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
}

function encodeAt(segment: string, positions: number[], upper: boolean): string {
  return [...segment]
    .map((character, index) => (positions.includes(index) ? percent(character, upper) : character))
    .join('');
}

function withSegments(segments: string[]): string {
  return `/${segments.join('/')}`;
}

/** Each segment with some of its characters percent-encoded, in both hex cases. */
function percentEncoded(segments: string[]): RequestForm[] {
  const forms: RequestForm[] = [];
  segments.forEach((segment, at) => {
    const last = segment.length - 1;
    const choices = [[0], [last], [...Array(segment.length).keys()]];
    for (const positions of choices) {
      for (const upper of [true, false]) {
        const changed = segments.map((each, index) =>
          index === at ? encodeAt(each, positions, upper) : each,
        );
        forms.push({ kind: 'percent-encoded', target: withSegments(changed) });
      }
    }
  });
  forms.push({
    kind: 'percent-encoded',
    target: withSegments(
      segments.map((segment) => encodeAt(segment, [...Array(segment.length).keys()], true)),
    ),
  });
  return forms;
}

const ABSOLUTE_PREFIXES = [
  'http://anything',
  'HTTP://anything',
  'HtTp://anything',
  'https://evil.example',
  'HTTPS://evil.example:8443',
  'http://127.0.0.1',
  'http://user:secret@evil.example',
  'http://[::1]:1',
  'ftp://evil.example',
  'ws://evil.example',
  'http:///',
];

/**
 * The request targets that might resolve to the route at `path` (a concrete path, parameters
 * filled in): every disguise a router or a proxy is known to accept or to normalise away. Some
 * resolve to the route and some do not; the tests decide which by asking the server, never by
 * assuming.
 */
export function requestForms(path: string): RequestForm[] {
  const segments = path.split('/').filter(Boolean);
  const forms: RequestForm[] = [{ kind: 'canonical', target: path }];
  const add = (kind: string, ...targets: string[]) => {
    for (const target of targets) forms.push({ kind, target });
  };

  forms.push(...percentEncoded(segments));
  add(
    'double-encoded',
    ...segments.map((segment, at) =>
      withSegments(
        segments.map((each, index) =>
          index === at ? `%25${percent(segment[0] ?? '', true).slice(1)}${each.slice(1)}` : each,
        ),
      ),
    ),
  );
  add(
    'encoded slash',
    `/${segments.join('%2F')}`,
    `/${segments.join('%2f')}`,
    `%2F${segments.join('/')}`,
    `/${segments.join('%5C')}`,
    `/${segments.join('%c0%af')}`,
  );
  add('backslash', `/${segments.join('\\')}`, `\\${segments.join('/')}`);
  for (const prefix of ABSOLUTE_PREFIXES) {
    add('absolute-form', `${prefix}${path}`, `${prefix}${path}/`);
    add('absolute-form', `${prefix}${percentEncoded(segments)[0]?.target ?? path}`);
  }
  add(
    'dot segments',
    `/.${path}`,
    `/./${segments.join('/./')}`,
    `/${segments[0]}/x/..${path.slice((segments[0] ?? '').length + 1)}`,
    `/%2e${path}`,
    `/x/%2e%2e${path}`,
    `/x/%2E%2E${path}`,
    `${path}/.`,
    `${path}/x/..`,
  );
  add(
    'repeated slashes',
    `/${path}`,
    `//${segments.join('//')}`,
    ...segments
      .slice(1)
      .map((_, at) =>
        withSegments(segments.map((each, index) => (index === at + 1 ? `/${each}` : each))),
      ),
    `${path}//`,
  );
  add('trailing slash', `${path}/`, `${path}/?x=1`);
  add(
    'letter case',
    path.toUpperCase(),
    withSegments(segments.map((segment) => segment[0]?.toUpperCase() + segment.slice(1))),
    withSegments(segments.map((segment, index) => (index === 0 ? segment.toUpperCase() : segment))),
    `${path.slice(0, -1)}${path.slice(-1).toUpperCase()}`,
  );
  add(
    'semicolon parameters',
    ...segments.map((_, at) =>
      withSegments(segments.map((each, index) => (index === at ? `${each};x=1` : each))),
    ),
    `${path};`,
    `${path};jsessionid=1`,
  );
  add('query and fragment', `${path}?`, `${path}?a=b&a=c`, `${path}#x`, `${path}?#`, `${path}?%00`);
  add(
    'controls and spaces',
    `${path}%00`,
    `${path}%09`,
    `${path}%20`,
    `${path}%0d%0a`,
    `%20${path}`,
  );
  return forms;
}
