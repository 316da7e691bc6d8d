/** The Email Testing tab (spec section 2): choose a template, send a test, preview templates. */
import { useId, useState, type FormEvent } from 'react';
import type { SendEmailResponse } from '../../../../../contract/email-api.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { useEmailTemplates } from '../api/get-email-templates.ts';
import { TEST_EMAIL_FAILED_MESSAGE, useSendTestEmail } from '../api/send-test-email.ts';
import { MailboxList } from './mailbox-list.tsx';
import { TemplateCard } from './template-card.tsx';

const MISSING_INPUT_MESSAGE = 'Please enter an email address and select a template';
const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

/**
 * The text of a send that threw. The server's message (or the spec's fallback when its answer
 * had none); 'Unknown error occurred' when nothing answered at all (the connection failed, so
 * whether the mail left is unknown) or the failure is not an error.
 */
function failureMessage(caught: unknown): string {
  if (!(caught instanceof Error)) return UNKNOWN_ERROR_MESSAGE;
  if (caught instanceof AdminApiError && caught.status === 0) return UNKNOWN_ERROR_MESSAGE;
  return caught.message || TEST_EMAIL_FAILED_MESSAGE;
}

export function EmailTestingTab({
  onSessionEnded,
}: {
  onSessionEnded: (error: unknown) => boolean;
}) {
  const templates = useEmailTemplates();
  const templatesLoad = useLoadState(templates, onSessionEnded);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const sendTest = useSendTestEmail();
  const [result, setResult] = useState<SendEmailResponse | null>(null);
  const ids = { select: useId(), address: useId(), description: useId(), hint: useId() };

  if (templatesLoad.isLoading) {
    return (
      <p role="status" className="py-10 text-center text-ink-300">
        Loading email templates...
      </p>
    );
  }
  if (templatesLoad.error || !templates.data) {
    return (
      <p role="alert" className="py-10 text-center text-red-200">
        Failed to load email templates
      </p>
    );
  }

  const list = templates.data.templates;
  // The first template is preselected until the admin chooses another.
  const selected = list.find((template) => template.id === chosenId) ?? list[0];
  const missingInput = !address.trim() || !selected;

  function choose(id: string) {
    setChosenId(id);
    trackEvent({ action: 'email_template_select', category: 'admin', label: id });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = address.trim();
    if (!email || !selected) return;
    const label = selected.id;
    setResult(null);
    trackEvent({ action: 'test_email_send', category: 'admin', label });
    sendTest.mutate(
      { email, templateType: label },
      {
        onSuccess: (answer) => {
          setResult(answer);
          trackEvent({
            action: answer.success ? 'test_email_success' : 'test_email_error',
            category: 'admin',
            label,
          });
        },
        onError: (caught) => {
          if (onSessionEnded(caught)) return;
          setResult({ success: false, message: failureMessage(caught) });
          trackEvent({ action: 'test_email_error', category: 'admin', label });
        },
      },
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section
        aria-labelledby="send-test-heading"
        className="rounded-2xl border border-ink-700 bg-ink-900 p-6"
      >
        <h2 id="send-test-heading" className="text-xl font-semibold text-ink-100">
          Send a Test Email
        </h2>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <div>
            <label htmlFor={ids.select} className="block text-sm font-medium text-ink-100">
              Template
            </label>
            <select
              id={ids.select}
              value={selected?.id ?? ''}
              onChange={(event) => choose(event.target.value)}
              aria-describedby={ids.description}
              className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2.5 text-ink-100"
            >
              {list.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name} - {template.subject}
                </option>
              ))}
            </select>
            <p id={ids.description} className="mt-2 text-sm text-ink-300">
              {selected?.description}
            </p>
          </div>
          <div>
            <label htmlFor={ids.address} className="block text-sm font-medium text-ink-100">
              Test email address
            </label>
            <input
              id={ids.address}
              type="email"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="name@example.com"
              autoComplete="off"
              className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2.5 text-ink-100 placeholder:text-ink-400"
            />
          </div>
          {missingInput ? (
            <p id={ids.hint} className="text-sm text-ink-300">
              {MISSING_INPUT_MESSAGE}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sendTest.isPending || missingInput}
            aria-describedby={missingInput ? ids.hint : undefined}
            className="rounded-full bg-gold-400 px-5 py-2.5 font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {sendTest.isPending ? 'Sending...' : 'Send Test Email'}
          </button>
        </form>
        {result ? <SendResult result={result} /> : null}
        <MailboxList />
      </section>

      <section aria-labelledby="templates-heading">
        <h2 id="templates-heading" className="text-xl font-semibold text-ink-100">
          Available Templates
        </h2>
        <ul className="mt-4 flex flex-col gap-4">
          {list.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                selected={template.id === selected?.id}
                onSelect={() => choose(template.id)}
                onSessionEnded={onSessionEnded}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SendResult({ result }: { result: SendEmailResponse }) {
  return (
    <div
      role="status"
      className={`mt-4 rounded-lg border p-4 text-sm ${
        result.success
          ? 'border-emerald-400/60 bg-emerald-950/60 text-emerald-100'
          : 'border-red-500/60 bg-red-950/60 text-red-100'
      }`}
    >
      <p className="font-semibold">
        {result.success ? 'Email Sent Successfully!' : 'Email Failed to Send'}
      </p>
      <p className="mt-1">{result.message}</p>
      {result.messageId ? (
        <p className="mt-1 break-all text-xs opacity-90">Message ID: {result.messageId}</p>
      ) : null}
    </div>
  );
}
