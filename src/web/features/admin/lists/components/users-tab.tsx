/** The User Management tab: its toolbar, the table and its pager. */
import { exportUrl } from '../api/export-url.ts';
import type { ListState } from '../use-list-state.ts';
import { ListTabPanel } from './list-tab-panel.tsx';
import type { RowActions } from './list-table.tsx';
import { UsersTable } from './users-table.tsx';

export function UsersTab({ lists, rowActions }: { lists: ListState; rowActions: RowActions }) {
  const { users } = lists;
  return (
    <ListTabPanel
      value="users"
      title="Users"
      search={lists.search}
      searchInput={lists.searchInput}
      onSearchInputChange={lists.setSearchInput}
      loading={users.isLoading}
      shown={users.data?.users.length}
      total={users.data?.pagination.total}
      totalExact={users.data?.pagination.totalExact ?? true}
      offset={lists.offsets.users}
      pageSize={lists.pageSizes.users}
      onPageSizeChange={(size) => lists.setPageSize('users', size)}
      onOffsetChange={(offset) => lists.setOffset('users', offset)}
      confirmation={lists.filters.confirmation ?? 'all'}
      onConfirmationChange={lists.setConfirmation}
      pagerKey={lists.pagingKey}
      filters={lists.filters}
      onFiltersChange={lists.setFilters}
      exportHref={exportUrl('users', lists.query)}
    >
      <UsersTable
        users={users.rows}
        isLoading={users.isLoading}
        failure={users.failure}
        search={lists.search}
        {...rowActions}
      />
    </ListTabPanel>
  );
}
