import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { exportUrl } from '../api/export-url.ts';
import type { ListId, ListState } from '../use-list-state.ts';
import { ConfirmationFilter } from './confirmation-filter.tsx';
import { ListHeading } from './list-heading.tsx';
import { ListPager } from './list-pager.tsx';
import { ListSearch } from './list-search.tsx';
import { ListToolbar } from './list-toolbar.tsx';

const TITLES = { signups: 'Signups', users: 'Users' } as const satisfies Record<ListId, string>;

/**
 * One list tab: one toolbar line (the heading with its counts, the search, the confirmation
 * filter, then the list's tools), the table and the pager, all following the lists' state (the
 * search, the filters and the page are the URL's, shared by both lists; the counts are the
 * list's own). The panel itself is no stop of the Tab key: the search, its first control, is
 * the next one after the tabs.
 */
export function ListTabPanel({
  list,
  lists,
  tools,
  children,
}: {
  list: ListId;
  lists: ListState;
  /** More tools at the end of the toolbar (the import). */
  tools?: ReactNode;
  /** The table, with what goes above it. */
  children: ReactNode;
}) {
  const title = TITLES[list];
  const view = lists[list];
  const loading = view.isLoading;
  // The rows of this load: none while it has not come (a failure's last good rows are not).
  const shown = view.data === undefined ? undefined : view.rows?.length;
  const total = view.data?.pagination.total;
  const totalExact = view.data?.pagination.totalExact ?? true;
  const { search, pageSizes, filters } = lists;
  const pageSize = pageSizes[list];
  const headingId = `${list}-heading`;
  return (
    <Tabs.Content value={list} tabIndex={-1} className="mt-3" aria-labelledby={headingId}>
      <ListToolbar
        list={title}
        filters={filters}
        onChange={lists.setFilters}
        pageSize={pageSize}
        onPageSizeChange={(size) => lists.setPageSize(list, size)}
        exportHref={exportUrl(list, lists.query)}
        leading={
          <>
            <ListHeading
              id={headingId}
              title={title}
              shown={loading ? undefined : shown}
              total={loading ? undefined : total}
              totalExact={totalExact}
              search={search}
            />
            <ListSearch value={lists.searchInput} onChange={lists.setSearchInput} />
            <ConfirmationFilter
              label={`${title} by confirmation`}
              value={filters.confirmation ?? 'all'}
              onChange={lists.setConfirmation}
            />
          </>
        }
      >
        {tools}
      </ListToolbar>
      <div className="mt-2">{children}</div>
      <ListPager
        key={lists.pagingKey}
        label={`${title} pages`}
        offset={lists.offsets[list]}
        pageSize={pageSize}
        total={loading ? undefined : total}
        totalExact={totalExact}
        loading={loading}
        onOffsetChange={(offset) => lists.setOffset(list, offset)}
      />
    </Tabs.Content>
  );
}
