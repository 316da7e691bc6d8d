/**
 * The signups picked for a bulk change: rows of the page, or every row the search and filters
 * keep ("all matching"). A new search or filter starts with none.
 */
import { useState } from 'react';
import type { BulkSelection } from '../../../../contract/waves.ts';
import type { RowSelection } from './components/selection-bar.tsx';
import type { ListFilters } from './list-filters.ts';

const NO_ROWS: RowSelection = { kind: 'rows', emails: [] };

export function useRowSelection({
  pagingKey,
  pageEmails,
}: {
  /** Changes with the search and every filter. */
  pagingKey: string;
  /** The addresses of the page shown. */
  pageEmails: string[];
}) {
  const [picked, setPicked] = useState<{ key: string; selection: RowSelection }>({
    key: pagingKey,
    selection: NO_ROWS,
  });
  const selection = picked.key === pagingKey ? picked.selection : NO_ROWS;
  const setSelection = (next: RowSelection) => setPicked({ key: pagingKey, selection: next });
  const isSelected = (email: string) =>
    selection.kind === 'matching' || selection.emails.includes(email);
  const allOnPage = pageEmails.length > 0 && pageEmails.every(isSelected);
  const selectedEmails = selection.kind === 'rows' ? selection.emails : [];
  const withPage = (): RowSelection => ({
    kind: 'rows',
    emails: [...new Set([...selectedEmails, ...pageEmails])],
  });

  return {
    selection,
    hasSelection: selection.kind === 'matching' || selectedEmails.length > 0,
    pageSize: pageEmails.length,
    allOnPage,
    /** What the table's check boxes show and change. */
    table: {
      isSelected,
      allOnPage,
      toggle: (email: string) => {
        if (selection.kind === 'matching') {
          setSelection({ kind: 'rows', emails: pageEmails.filter((each) => each !== email) });
        } else if (selectedEmails.includes(email)) {
          setSelection({ kind: 'rows', emails: selectedEmails.filter((each) => each !== email) });
        } else {
          setSelection({ kind: 'rows', emails: [...selectedEmails, email] });
        }
      },
      toggleAll: () => setSelection(allOnPage ? NO_ROWS : withPage()),
    },
    selectMatching: () => setSelection({ kind: 'matching' }),
    selectPage: () => setSelection(withPage()),
    clear: () => setSelection(NO_ROWS),
    /** The selection as a bulk change takes it: the rows, or the search and filters. */
    forBulk: (filters: ListFilters, search: string): BulkSelection => {
      if (selection.kind === 'rows') return { emails: selectedEmails };
      const { sort: _sort, order: _order, ...matching } = filters;
      return { matching: { ...matching, search: search || undefined } };
    },
  };
}

export type RowSelectionState = ReturnType<typeof useRowSelection>;
