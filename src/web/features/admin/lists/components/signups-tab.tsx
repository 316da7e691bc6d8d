/**
 * The Signups tab: its toolbar (with the import), the selection for a bulk change, the table
 * and its pager.
 */
import type { BulkAction } from '../../../../../contract/waves.ts';
import type { AdminApiError } from '../../shared/api/admin-request.ts';
import type { ListState } from '../use-list-state.ts';
import type { RowSelectionState } from '../use-row-selection.ts';
import { ImportButton } from './import-dialog.tsx';
import { ListTabPanel } from './list-tab-panel.tsx';
import type { RowActions } from './list-table.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { SignupsTable } from './signups-table.tsx';

export function SignupsTab({
  lists,
  selection,
  rowActions,
  onBulkAction,
  onSessionEnded,
}: {
  lists: ListState;
  selection: RowSelectionState;
  rowActions: RowActions;
  onBulkAction: (action: BulkAction) => void;
  onSessionEnded: (error: AdminApiError) => boolean;
}) {
  const { signups } = lists;
  const { readOnly } = rowActions;
  return (
    <ListTabPanel
      list="signups"
      lists={lists}
      tools={readOnly ? null : <ImportButton onSessionEnded={onSessionEnded} />}
    >
      {!readOnly && selection.hasSelection ? (
        <SelectionBar
          selection={selection.selection}
          pageSize={selection.pageSize}
          pageSelected={selection.allOnPage}
          total={signups.data?.pagination.total}
          totalExact={signups.data?.pagination.totalExact ?? true}
          onSelectMatching={selection.selectMatching}
          onSelectPage={selection.selectPage}
          onClear={selection.clear}
          onAction={onBulkAction}
        />
      ) : null}
      <SignupsTable
        signups={signups.rows}
        isLoading={signups.isLoading}
        failure={signups.failure}
        search={lists.search}
        selection={readOnly ? undefined : selection.table}
        referralsShown={lists.filters.sort === 'referrals'}
        {...rowActions}
      />
    </ListTabPanel>
  );
}
