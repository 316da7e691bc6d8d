/**
 * One template in 'Available Templates': selecting the card selects the template; the preview
 * loads once on first expand and stays cached (collapsing only hides it). The HTML is shown in
 * a frame sandboxed without scripts or same-origin rights.
 */
import { useId, useState } from 'react';
import type { EmailTemplate } from '../../../../../contract/email-api.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { getTemplatePreview } from '../api/get-template-preview.ts';

type Preview = { status: 'loading' } | { status: 'ready'; html: string } | { status: 'failed' };

export function TemplateCard({
  template,
  selected,
  onSelect,
  onSessionEnded,
}: {
  template: EmailTemplate;
  selected: boolean;
  onSelect: () => void;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewId = useId();
  const nameId = useId();

  function toggle() {
    const next = !expanded;
    setExpanded(next);
    if (!next || (preview && preview.status !== 'failed')) return;
    trackEvent({ action: 'email_template_preview', category: 'admin', label: template.id });
    setPreview({ status: 'loading' });
    getTemplatePreview(template.id).then(
      (answer) => setPreview({ status: 'ready', html: answer.preview.html }),
      (error: unknown) => {
        if (!onSessionEnded(error)) setPreview({ status: 'failed' });
      },
    );
  }

  return (
    <article
      className={`rounded-2xl border p-5 transition ${
        selected ? 'border-gold-400 bg-ink-800' : 'border-ink-700 bg-ink-900'
      }`}
    >
      <h3 id={nameId} className="font-semibold text-ink-100">
        {template.name}
      </h3>
      <p className="mt-1 text-sm text-ink-300">{template.description}</p>
      <p className="mt-2 text-sm text-ink-100">
        <span className="text-ink-400">Subject: </span>
        {template.subject}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          aria-describedby={nameId}
          className="rounded-full border border-ink-600 px-4 py-1.5 text-sm text-ink-100 transition hover:border-gold-400 aria-pressed:border-gold-400 aria-pressed:text-gold-300"
        >
          {selected ? 'Selected' : 'Select'}
        </button>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={expanded}
          aria-controls={previewId}
          aria-label={`${expanded ? 'Hide' : 'Show'} preview of ${template.name}`}
          className="rounded-full border border-ink-600 px-4 py-1.5 text-sm text-ink-100 transition hover:border-gold-400"
        >
          {expanded ? 'Hide Preview' : 'Show Preview'}
        </button>
      </div>
      <div id={previewId} hidden={!expanded} className="mt-4">
        {preview?.status === 'loading' ? (
          <p role="status" className="text-sm text-ink-300">
            Loading preview...
          </p>
        ) : null}
        {preview?.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-200">
            Failed to load preview
          </p>
        ) : null}
        {preview?.status === 'ready' ? (
          <figure>
            <figcaption className="mb-2 text-xs text-ink-400">Sample data used</figcaption>
            <iframe
              title={`Preview of ${template.name}`}
              sandbox=""
              srcDoc={preview.html}
              className="h-96 max-h-96 w-full rounded-lg border border-ink-700 bg-white"
            />
          </figure>
        ) : null}
      </div>
    </article>
  );
}
