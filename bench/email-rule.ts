import { performance } from 'node:perf_hooks';
import { EMAIL_MAX_LENGTH, hasEmailShape, isMailbox } from '../src/contract/email-rules.ts';

/**
 * The spec's email rule as a regex against the linear check that replaced it, on the crafted
 * address the regex is slowest on. Inputs are as long as an address may be and hold their
 * whitespace inside, so trimming does not remove it and the public endpoints check them.
 */
const SPEC_PATTERN = /^\S+@\S+\.\S+$/;
const ROUNDS = 5;

/** Runs of @, dots and letters, ended by a space or a no-break space before one last letter. */
function candidates(): { label: string; value: string }[] {
  const runs = ['@', '.', 'a', '@.', '@@.', 'a@.'];
  const found: { label: string; value: string }[] = [];
  for (const first of runs)
    for (const second of runs)
      for (const share of [1 / 3, 1 / 2, 2 / 3])
        for (const space of [' ', '\u00a0']) {
          const body = EMAIL_MAX_LENGTH - 2;
          const heads = Math.floor((body * share) / first.length);
          const value = (first.repeat(heads) + second.repeat(body)).slice(0, body) + `${space}x`;
          const label = [
            `"${first}" x${heads}`,
            `then "${second}" up to ${body} characters`,
            `then ${JSON.stringify(`${space}x`)}`,
          ];
          found.push({ label: label.join(', '), value });
        }
  return found;
}

/** Milliseconds per call, the best of a few rounds of `calls` calls. */
function perCall(check: (value: string) => boolean, value: string, calls: number): number {
  let best = Infinity;
  let accepted = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let n = 0; n < calls; n++) if (check(value)) accepted++;
    best = Math.min(best, (performance.now() - started) / calls);
  }
  if (accepted !== 0) throw new Error('a crafted input was accepted');
  return best;
}

const specRegex = (value: string) => SPEC_PATTERN.test(value);
const all = candidates();
for (const { value } of all) {
  if (hasEmailShape(value) !== specRegex(value)) throw new Error(`disagree on ${value}`);
}
const slowest = all
  .map((candidate) => ({ ...candidate, ms: perCall(specRegex, candidate.value, 3) }))
  .sort((a, b) => b.ms - a.ms)[0]!;

const regexMs = perCall(specRegex, slowest.value, 50);
const linearMs = perCall(hasEmailShape, slowest.value, 50_000);
console.log(
  `\nEmail rule on the slowest of ${all.length} crafted ${EMAIL_MAX_LENGTH}-character inputs ` +
    `(${slowest.label}):`,
);
console.log(`  spec regex ${SPEC_PATTERN.source}: ${(regexMs * 1000).toFixed(1)} µs per check`);
console.log(`  linear check (hasEmailShape):  ${(linearMs * 1000).toFixed(3)} µs per check`);
console.log(`  regex / linear: ${(regexMs / linearMs).toFixed(0)}x`);

/**
 * The server's one-mailbox rule (decision 0031) on inputs crafted against its pattern: long runs
 * of labels, hyphens and dots that fail only at their last character, and the crafted inputs
 * above. Its time must stay flat (microseconds), as the spec regex's does not.
 */
const mailboxInputs = [
  ...all.map((candidate) => candidate.value),
  `a@${'a-'.repeat(125)}!`,
  `a@${'a'.repeat(250)}!`,
  `a@${'a.'.repeat(125)}-`,
  `a@${'a-a.'.repeat(62)}!`,
  `${'a.'.repeat(31)}a@${'b'.repeat(180)}.c!`,
];
const mailboxMs = Math.max(...mailboxInputs.map((value) => perCall(isMailbox, value, 5_000)));
console.log(
  `  one-mailbox rule (isMailbox), slowest of ${mailboxInputs.length} crafted inputs: ` +
    `${(mailboxMs * 1000).toFixed(2)} µs per check`,
);
