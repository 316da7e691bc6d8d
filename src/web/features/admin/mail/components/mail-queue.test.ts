import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxMail, OutboxResponse } from '../../../../../contract/outbox.ts';

// Vite replaces __SITE_URL__ at build time; here it is a plain global, set before the imports run.
vi.hoisted(() => {
  vi.stubGlobal('__SITE_URL__', 'https://reelscore.test');
});

import {
  MailQueueView,
  nextMessageId,
  retriedText,
  withRetried,
  type MailQueueViewProps,
} from './mail-queue.tsx';

function mail(id: string, to: string, overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id,
    to,
    template: 'removal-notice',
    templateName: 'Removal notice',
    status: 'dead',
    attempts: 1,
    rounds: 1,
    failureMessage: 'The mail server rejected the mail (550 No such user here).',
    lastError: '550 5.1.1 No such user here',
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: '2026-03-01T10:00:02.000Z',
    nextAttemptAt: null,
    requestedBy: 'curator@example.com',
    ...overrides,
  };
}

function queue(messages: OutboxMail[], dead = messages.length): OutboxResponse {
  return {
    counts: { queued: 2, sending: 0, sent: 41, dead, suppressed: 1 },
    messages,
    pagination: { total: dead, limit: 20, offset: 0 },
  };
}

const render = (props: Partial<MailQueueViewProps>) =>
  renderToString(
    createElement(MailQueueView, {
      data: undefined,
      failed: false,
      busy: null,
      result: null,
      onRetry: () => undefined,
      onRetryAll: () => undefined,
      ...props,
    }),
  );

/** The text a reader gets, tags and React's comment markers removed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('MailQueueView', () => {
  it('says it is loading, then that loading failed', () => {
    expect(render({})).toContain('Loading the mail queue...');
    const failed = render({ failed: true });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Failed to load the mail queue');
  });

  it('shows a labelled chip per state and no list while nothing is dead', () => {
    const html = render({ data: queue([]) });
    expect(html).toContain('aria-label="Messages in each state"');
    for (const chip of ['Queued 2', 'Sending 0', 'Sent 41', 'Dead 0', 'Suppressed 1']) {
      expect(text(html)).toContain(chip);
    }
    expect(html).not.toContain('Dead mail');
    expect(html).not.toContain('Retry');
  });

  it('lists dead mail with address, template, time and failure, each with its own Retry', () => {
    const html = render({
      data: queue([mail('a', 'ann@example.com'), mail('b', 'bob@example.com')]),
    });
    const words = text(html);
    expect(words).toContain('Dead mail');
    expect(words).toContain('ann@example.com');
    expect(words).toContain('Removal notice');
    expect(html).toContain('dateTime="2026-03-01T10:00:02.000Z"');
    expect(words).toContain('The mail server rejected the mail (550 No such user here).');
    expect(words).toContain('Technical detail 550 5.1.1 No such user here');
    expect(words).toContain('Retry the mail to ann@example.com');
    expect(words).toContain('Retry the mail to bob@example.com');
    expect(words).toContain('Retry all 2 dead messages');
    expect(html.match(/<button/g)).toHaveLength(3);
  });

  it('shows a viewer the dead mail and no Retry, which only an admin may use', () => {
    const html = render({ data: queue([mail('a', 'ann@example.com')]), readOnly: true });
    const words = text(html);
    expect(words).toContain('ann@example.com');
    expect(words).toContain('The mail server rejected the mail (550 No such user here).');
    expect(words).not.toContain('Retry');
    expect(html).not.toContain('<button');
  });

  it('says how many are shown when there are more dead messages than the page', () => {
    expect(text(render({ data: queue([mail('a', 'ann@example.com')], 35) }))).toContain(
      'Dead mail (1 newest of 35)',
    );
  });

  it('marks every Retry unavailable while one runs, and names the running one', () => {
    const html = render({
      data: queue([mail('a', 'ann@example.com'), mail('b', 'bob@example.com')]),
      busy: 'a',
    });
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(3);
    expect(text(html)).toContain('Retrying... the mail to ann@example.com');
  });

  it('keeps the live region in the page and puts the result in it', () => {
    expect(render({ data: queue([]) })).toMatch(/<p role="status"[^>]*><\/p>/);
    const html = render({ data: queue([]), result: { ok: true, text: retriedText(2) } });
    expect(html).toMatch(
      /role="status"[^>]*>2 messages are back in the queue and will be sent shortly\.</,
    );
  });

  it('shows a fallback sentence when a dead message has no failure text', () => {
    const html = render({
      data: queue([mail('a', 'ann@example.com', { failureMessage: null, lastError: null })]),
    });
    expect(text(html)).toContain('The mail could not be sent.');
    expect(html).not.toContain('Technical detail');
  });
});

describe('the queue after a retry', () => {
  const before = queue([mail('a', 'ann@example.com'), mail('b', 'bob@example.com')]);

  it('drops the retried message and moves its count to queued', () => {
    const after = withRetried(before, ['a'], 1);
    expect(after.messages.map((message) => message.id)).toEqual(['b']);
    expect(after.counts).toMatchObject({ dead: 1, queued: 3 });
    expect(after.pagination.total).toBe(1);
  });

  it('empties the list after Retry all', () => {
    const after = withRetried(before, 'all', 2);
    expect(after.messages).toEqual([]);
    expect(after.counts).toMatchObject({ dead: 0, queued: 4 });
  });

  it('sends focus to the next Retry, the one before for the last, or nowhere in the list', () => {
    const three = queue([mail('a', 'a@x.co'), mail('b', 'b@x.co'), mail('c', 'c@x.co')]);
    expect(nextMessageId(three, 'a')).toBe('b');
    expect(nextMessageId(three, 'c')).toBe('b');
    expect(nextMessageId(queue([mail('a', 'a@x.co')]), 'a')).toBeNull();
    expect(nextMessageId(undefined, 'a')).toBeNull();
  });

  it('words the answer by how many went back', () => {
    expect(retriedText(1)).toBe('1 message is back in the queue and will be sent shortly.');
    expect(retriedText(3)).toBe('3 messages are back in the queue and will be sent shortly.');
    expect(retriedText(0)).toBe('Nothing was retried: that mail is no longer dead.');
  });
});
