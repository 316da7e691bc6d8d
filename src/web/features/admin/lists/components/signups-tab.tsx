/**
 * The Signups tab: its toolbar (with the import), the selection for a bulk change, the table
 * and its pager.
 */
import type { BulkAction } from '../../../../../contract/waves.ts';
import type { AdminApiError } from '../../shared/api/admin-request.ts';
import { exportUrl } from '../api/export-url.ts';
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
  const total = signups.data?.pagination.total;
  const totalExact = signups.data?.pagination.totalExact ?? true;
  return (
    <ListTabPanel
      value="signups"
      title="Signups"
      search={lists.search}
      searchInput={lists.searchInput}
      onSearchInputChange={lists.setSearchInput}
      loading={signups.isLoading}
      shown={signups.data?.signups.length}
      total={total}
      totalExact={totalExact}
      offset={lists.offsets.signups}
      pageSize={lists.pageSizes.signups}
      onPageSizeChange={(size) => lists.setPageSize('signups', size)}
      onOffsetChange={(offset) => lists.setOffset('signups', offset)}
      confirmation={lists.filters.confirmation ?? 'all'}
      onConfirmationChange={lists.setConfirmation}
      pagerKey={lists.pagingKey}
      filters={lists.filters}
      onFiltersChange={lists.setFilters}
      exportHref={exportUrl('signups', lists.query)}
      tools={readOnly ? null : <ImportButton onSessionEnded={onSessionEnded} />}
    >
      {!readOnly && selection.hasSelection ? (
        <SelectionBar
          selection={selection.selection}
          pageSize={selection.pageSize}
          pageSelected={selection.allOnPage}
          total={total}
          totalExact={totalExact}
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
        {...rowActions}
      />
    </ListTabPanel>
  );
}
