/** The User Management tab: the filters and export above the table, the table and its pager. */
import { exportUrl } from '../api/export-url.ts';
import { USERS_PAGE_SIZE } from '../api/get-users.ts';
import type { ListState } from '../use-list-state.ts';
import { ListFilterBar } from './list-filter-bar.tsx';
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
      loading={users.isLoading}
      shown={users.data?.users.length}
      total={users.data?.pagination.total}
      totalExact={users.data?.pagination.totalExact ?? true}
      offset={lists.offsets.users}
      pageSize={USERS_PAGE_SIZE}
      onOffsetChange={(offset) => lists.setOffset('users', offset)}
      confirmation={lists.filters.confirmation ?? 'all'}
      onConfirmationChange={lists.setConfirmation}
      pagerKey={lists.pagingKey}
      tools={
        <ListFilterBar
          list="Users"
          filters={lists.filters}
          onChange={lists.setFilters}
          exportHref={exportUrl('users', lists.query)}
        />
      }
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
