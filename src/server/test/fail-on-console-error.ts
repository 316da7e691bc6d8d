import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere; make it fail the test that caused it.
const original = console.error;
let messages: string[] = [];

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  messages.push(args.map(String).join(' '));
  original(...args);
});

afterEach(() => {
  const seen = messages;
  messages = [];
  if (seen.length > 0) throw new Error(`Unexpected console.error:\n${seen.join('\n')}`);
});
