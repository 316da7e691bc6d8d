/** The User Management tab: its toolbar, the table and its pager. */
import type { ListState } from '../use-list-state.ts';
import { ListTabPanel } from './list-tab-panel.tsx';
import type { RowActions } from './list-table.tsx';
import { UsersTable } from './users-table.tsx';

export function UsersTab({ lists, rowActions }: { lists: ListState; rowActions: RowActions }) {
  const { users } = lists;
  return (
    <ListTabPanel list="users" lists={lists}>
      <UsersTable
        users={users.rows}
        isLoading={users.isLoading}
        failure={users.failure}
        search={lists.search}
        referralsShown={lists.filters.sort === 'referrals'}
        {...rowActions}
      />
    </ListTabPanel>
  );
}
