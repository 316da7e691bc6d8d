/**
 * Import a legacy waitlist from CSV: choose the file, see the dry run (how many lines would be
 * added, skipped as known, or refused, and why each refused line was), then import. Nothing is
 * written before the admin confirms.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import type { ImportResult } from '../../../../../contract/admin-insights.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { IMPORT_FAILED_MESSAGE, useCheckImport, useImportSignups } from '../api/import-signups.ts';
import { toolButton } from './list-toolbar.tsx';

type Step =
  | { kind: 'choose' }
  | { kind: 'preview'; csv: string; name: string; preview: ImportResult }
  | { kind: 'done'; result: ImportResult };

const primary =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-wait disabled:opacity-60';
const secondary =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400';

function plural(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export function ImportButton({
  onSessionEnded,
}: {
  onSessionEnded: (error: AdminApiError) => boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={toolButton}>
          Import CSV
        </button>
      </Dialog.Trigger>
      {open ? (
        <ImportDialogContent onSessionEnded={onSessionEnded} onClose={() => setOpen(false)} />
      ) : null}
    </Dialog.Root>
  );
}

function ImportDialogContent({
  onSessionEnded,
  onClose,
}: {
  onSessionEnded: (error: AdminApiError) => boolean;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const checkFile = useCheckImport();
  const importFile = useImportSignups();
  const checking = step.kind === 'choose' && checkFile.isPending;
  const importing = step.kind === 'preview' && importFile.isPending;
  const fileId = useId();

  function fail(caught: unknown) {
    if (caught instanceof AdminApiError && onSessionEnded(caught)) return;
    setError(caught instanceof Error ? caught.message : IMPORT_FAILED_MESSAGE);
  }

  function check(file: File) {
    setError(null);
    checkFile.mutate(file, {
      onSuccess: ({ csv, preview }) => setStep({ kind: 'preview', csv, name: file.name, preview }),
      onError: fail,
    });
  }

  function run(checked: Extract<Step, { kind: 'preview' }>) {
    setError(null);
    importFile.mutate(checked.csv, {
      onSuccess: (result) => setStep({ kind: 'done', result }),
      onError: (caught) => {
        setStep(checked);
        fail(caught);
      },
    });
  }

  const shown = step.kind === 'preview' ? step.preview : null;

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] max-h-[90vh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-700 bg-ink-900 p-5 text-ink-100 shadow-2xl sm:p-6">
        <Dialog.Title className="text-xl font-semibold">Import signups</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-ink-300">
          A CSV file with the columns <code>email,type,source,created_at</code> and a header row.
          Original signup dates are kept and addresses already on the list are skipped. You see what
          would change before anything is written.
        </Dialog.Description>

        {step.kind === 'choose' ? (
          <div className="mt-4">
            <label htmlFor={fileId} className="block text-sm font-medium">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={checking}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) check(file);
              }}
              className="mt-1 block w-full text-sm text-ink-300 file:mr-3 file:rounded-full file:border-0 file:bg-ink-700 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-100"
            />
            {checking ? (
              <p role="status" className="mt-3 text-sm text-ink-300">
                Checking every line...
              </p>
            ) : null}
          </div>
        ) : null}

        {shown ? (
          <div className="mt-4" data-testid="import-preview">
            <p className="text-sm font-medium" role="status">
              Dry run of {step.kind === 'preview' ? step.name : ''}: {plural(shown.lines, 'line')}{' '}
              read, nothing written yet.
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-px overflow-hidden rounded-lg border border-ink-700 bg-ink-700 text-center">
              <Figure label="To add" value={shown.created} />
              <Figure label="Already known" value={shown.known} />
              <Figure label="Refused" value={shown.invalid} />
            </dl>
            {shown.errors.length ? (
              <div className="mt-3 max-h-48 overflow-y-auto rounded-lg border border-ink-700">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Refused lines</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="px-3 py-1.5 text-xs text-ink-300">
                        Line
                      </th>
                      <th scope="col" className="px-3 py-1.5 text-xs text-ink-300">
                        Why
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.errors.map((lineError) => (
                      <tr key={lineError.line} className="border-t border-ink-800">
                        <td className="px-3 py-1.5 tabular-nums">{lineError.line}</td>
                        <td className="px-3 py-1.5 break-words">{lineError.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}

        {step.kind === 'done' ? (
          <p
            role="status"
            className="mt-4 rounded-md border border-emerald-400/60 bg-emerald-950/60 p-3 text-sm text-emerald-100"
          >
            Imported {plural(step.result.created, 'signup')}; skipped{' '}
            {plural(step.result.known, 'known address', 'known addresses')} and{' '}
            {plural(step.result.invalid, 'refused line')}.
          </p>
        ) : null}

        {error ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm break-words text-red-100"
          >
            {error}
          </p>
        ) : null}

        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {step.kind === 'preview' ? (
            <>
              <button
                type="button"
                className={secondary}
                onClick={() => setStep({ kind: 'choose' })}
              >
                Choose another file
              </button>
              <button
                type="button"
                className={primary}
                disabled={importing || step.preview.created === 0}
                onClick={() => {
                  if (!importing) run(step);
                }}
              >
                {importing ? 'Importing...' : `Import ${plural(step.preview.created, 'signup')}`}
              </button>
            </>
          ) : null}
          <button type="button" className={secondary} onClick={onClose}>
            {step.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="bg-ink-950 px-2 py-2">
      <dt className="text-xs text-ink-300">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}
